// ESLint rule: an action handler takes its `data` type from the action table. In
// `export const actions: ActionTable = { name(ctx, data) {…} }` each handler's parameters are
// typed from the action's schema (schemas/generated/actions.ts, `Handler<N>`); an annotation on
// them restates that type by hand and drifts from it the day the schema changes (issue 25 item 6).

/** True when the type annotation names `ActionTable`. */
function isActionTable(annotation) {
  const t = annotation?.typeAnnotation;
  return t?.type === 'TSTypeReference' && t.typeName.type === 'Identifier' && t.typeName.name === 'ActionTable';
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "Refuse a type annotation on an action handler's parameters in an ActionTable: they are typed from the action's schema." },
    messages: {
      restated: "Do not annotate {{param}} of handler {{name}}: the ActionTable types it from schemas/actions/…/{{name}}.json (ActionData['{{name}}']).",
    },
    schema: [],
  },
  create(context) {
    return {
      'VariableDeclarator > ObjectExpression'(obj) {
        if (!isActionTable(obj.parent.id.typeAnnotation)) return;
        for (const prop of obj.properties) {
          if (prop.type !== 'Property') continue;
          const fn = prop.value;
          if (fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') continue;
          const name = prop.key.type === 'Identifier' ? prop.key.name : String(prop.key.value);
          for (const param of fn.params) {
            const annotated = param.type === 'AssignmentPattern' ? param.left : param;
            if (annotated.typeAnnotation) {
              context.report({ node: annotated, messageId: 'restated', data: { name, param: annotated.type === 'Identifier' ? annotated.name : 'a parameter' } });
            }
          }
        }
      },
    };
  },
};

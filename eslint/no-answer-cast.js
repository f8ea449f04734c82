// ESLint rule: no `as` cast on an action's answer. `dispatch(name, data)` and a view's `call`
// are typed from the action's `x-answer` (schemas/generated/actions.ts); a cast restates that
// type by hand and hides the day the schema and the cast part (issue 16 item 7).

/** The callee names whose answers are typed from the action schemas. */
const TYPED_CALLS = new Set(['dispatch', 'call']);

/** Strips parentheses (kept by typescript-eslint only as ranges), `await` and `!`. */
function unwrap(node) {
  let n = node;
  for (;;) {
    if (n.type === 'AwaitExpression' || n.type === 'TSNonNullExpression') n = n.argument ?? n.expression;
    else if (n.type === 'ChainExpression') n = n.expression;
    else return n;
  }
}

function calleeName(call) {
  const c = call.callee;
  if (c.type === 'Identifier') return c.name;
  if (c.type === 'MemberExpression' && c.property.type === 'Identifier') return c.property.name;
  return null;
}

/** True for `dispatch(...)` / `call(...)`, also as `x.call(...)` on a view's caller (not Function#call). */
function isTypedCall(node) {
  if (node.type !== 'CallExpression') return false;
  const name = calleeName(node);
  if (!name || !TYPED_CALLS.has(name)) return false;
  // fn.call(thisArg, ...) is Function.prototype.call: its first argument is never a string literal.
  const first = node.arguments[0];
  if (name === 'call' && node.callee.type === 'MemberExpression') return first?.type === 'Literal' && typeof first.value === 'string';
  return true;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse an `as` cast on a dispatch()/call() answer: its type is generated from the action schema.' },
    messages: {
      cast: "Do not cast the answer of {{name}}('…'): it is typed from the action's x-answer (schemas/generated/actions.ts). Fix the schema or use ActionAnswer['…'].",
    },
    schema: [],
  },
  create(context) {
    /** The typed calls whose answer the expression is: itself, or either branch of `c ? a : b`. */
    const answersOf = (node) => {
      const n = unwrap(node);
      if (n.type === 'ConditionalExpression') return [...answersOf(n.consequent), ...answersOf(n.alternate)];
      return isTypedCall(n) ? [n] : [];
    };
    const check = (node) => {
      const [inner] = answersOf(node.expression);
      if (inner) context.report({ node, messageId: 'cast', data: { name: calleeName(inner) } });
    };
    return { TSAsExpression: check, TSTypeAssertion: check };
  },
};

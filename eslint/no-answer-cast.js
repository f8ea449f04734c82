// ESLint rule: no `as` cast on an action's answer. `dispatch(name, data)` and a view's `call`
// are typed from the action's `x-answer` (schemas/generated/actions.ts); a cast restates that
// type by hand and hides the day the schema and the cast part (issue 16 item 7).

/** The callee names whose answers are typed from the action schemas. */
const TYPED_CALLS = new Set(['dispatch', 'call', 'useContainer', 'useSession']);

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

/** Array and promise methods whose callback's first parameter is an element (or the value) of the receiver. */
const CALLBACK_METHODS = new Set(['then', 'map', 'flatMap', 'filter', 'find', 'findLast', 'forEach', 'some', 'every', 'sort', 'reduce']);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse an `as` cast on a dispatch()/call() answer, also through a variable holding it, a property of it, or a callback over it (`.then(r => r as X)`, `.map(x => x as Y)`): its type is generated from the action schema.' },
    messages: {
      cast: "Do not cast the answer of {{name}}('…'): it is typed from the action's x-answer (schemas/generated/actions.ts). Fix the schema or use ActionAnswer['…'].",
    },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;

    /** The variable an identifier refers to, found from its scope outwards. */
    const variableOf = (id) => {
      for (let scope = source.getScope(id); scope; scope = scope.upper) {
        const v = scope.set.get(id.name);
        if (v) return v;
      }
      return null;
    };

    /** The typed call whose answer (or part of it) a variable holds: `const x = await dispatch(…)`, `const { a } = …`, or a callback's first parameter over an answer. */
    const bindingAnswer = (id, seen) => {
      const v = variableOf(id);
      if (!v || seen.has(v)) return null;
      seen.add(v);
      for (const def of v.defs) {
        if (def.type === 'Variable' && def.node.init && def.parent?.kind === 'const') {
          const found = answerOf(def.node.init, seen);
          if (found) return found;
        }
        if (def.type === 'Parameter') {
          const fn = def.node;
          const first = fn.params[0];
          const isFirst = first && (first === def.name || (first.type === 'ObjectPattern' && source.getText(first).includes(def.name.name)));
          // reduce's element is its second parameter.
          const call = fn.parent;
          if (call?.type !== 'CallExpression' || !call.arguments.includes(fn) || call.callee.type !== 'MemberExpression') continue;
          const method = call.callee.property.type === 'Identifier' ? call.callee.property.name : null;
          if (!method || !CALLBACK_METHODS.has(method)) continue;
          const elementParam = method === 'reduce' ? fn.params[1] : first;
          if (method === 'reduce' ? elementParam !== def.name : !isFirst) continue;
          const found = answerOf(call.callee.object, seen);
          if (found) return found;
        }
      }
      return null;
    };

    /** The typed call whose answer `node` is or is part of; null when it is none. */
    const answerOf = (node, seen = new Set()) => {
      const n = unwrap(node);
      if (n.type === 'ConditionalExpression') return answerOf(n.consequent, seen) ?? answerOf(n.alternate, seen);
      if (n.type === 'LogicalExpression') return answerOf(n.left, seen);
      if (isTypedCall(n)) return n;
      if (n.type === 'Identifier') return bindingAnswer(n, seen);
      if (n.type === 'MemberExpression') return answerOf(n.object, seen);
      return null;
    };
    const check = (node) => {
      const inner = answerOf(node.expression);
      if (inner) context.report({ node, messageId: 'cast', data: { name: calleeName(inner) } });
    };
    return { TSAsExpression: check, TSTypeAssertion: check };
  },
};

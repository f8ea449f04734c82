/**
 * The Swedish texts ship per namespace (issue 18): schemas/messages/sv.json stays the one home
 * of every text, but in the browser build a module that reads it only as `sv.<namespace>`
 * (or `sv['namespace']`, or `typeof sv.<namespace>`) imports just those namespaces, each a
 * virtual module `\0blankett-sv/<namespace>` of its own, so the bundler places each namespace
 * with the pages that use it: the apply page ships the dozen it reads (about 5 KB gzip),
 * not all forty (about 24 KB). A module that uses `sv` any other way (passes it on, spreads
 * it, `sv[key]`) keeps the whole file, so nothing can go missing; the server, vitest and the
 * server renderer read sv.json as it is.
 *
 * Within a namespace, a text read as `sv.<namespace>.<key>` is imported by its name, so texts no
 * browser module reads (a mail's body, a server's error detail) are left out of the build; a
 * module that reads `sv.<namespace>` whole imports the namespace's object, which keeps them all,
 * and so does a top-level `const t = sv.<namespace>` unless every use of `t` is `t.<key>`.
 *
 * The check: tests/unit/build/sv-split.test.ts, and the apply route's texts in
 * tests/e2e/apply-texts.test.ts.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:blankett-sv/';
const RESOLVED = '\0blankett-sv/';

interface Edit {
  start: number;
  end: number;
  text: string;
}

const local = (ns: string) => `__sv_${ns.replace(/[^A-Za-z0-9_$]/g, '_')}`;
const localKey = (ns: string, key: string) => `${local(ns)}__${key}`;
/** A key a module can import by name (not a word the language reserves). */
const IMPORTABLE = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const RESERVED = new Set(['default', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'let', 'static', 'yield', 'await', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'arguments', 'eval']);
const importable = (key: string) => IMPORTABLE.test(key) && !RESERVED.has(key);

/** The keys of each namespace of the texts (a namespace that is not an object has none). */
export function namespaceKeys(texts: Record<string, unknown>): Map<string, ReadonlySet<string>> {
  return new Map(Object.entries(texts).map(([ns, v]) => [ns, new Set(typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v) : [])]));
}

/** The virtual module of one namespace: each text a named export (when its key can be a name) and the whole object as the default. */
export function namespaceModule(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `export default ${JSON.stringify(value)};`;
  const entries = Object.entries(value);
  const consts = entries.map(([, v], i) => `const _${i} = ${JSON.stringify(v)};`);
  const named = entries.flatMap(([k], i) => (importable(k) ? [`_${i} as ${k}`] : []));
  const whole = entries.map(([k], i) => `${JSON.stringify(k)}: _${i}`);
  return [...consts, `export { ${named.join(', ')} };`, `export default { ${whole.join(', ')} };`].join('\n');
}

/**
 * `code` (a TS/TSX module at `file`) with its default import of `svFile` replaced by one
 * import per namespace it reads, or null when it does not import svFile or uses it whole.
 */
export function splitSvImports(code: string, file: string, svFile: string, namespaces: ReadonlyMap<string, ReadonlySet<string>>): string | null {
  if (!code.includes('sv.json')) return null;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: Edit[] = [];
  const used = new Set<string>();
  /** Texts imported by name: local name → [namespace, key]. */
  const keys = new Map<string, [string, string]>();
  let name: string | undefined;
  let importNode: ts.ImportDeclaration | undefined;
  for (const st of source.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const spec = st.moduleSpecifier.text;
    if (!spec.startsWith('.') || resolve(dirname(file), spec) !== svFile) continue;
    const clause = st.importClause;
    // Only the plain default import; a second import or named bindings stay as they are.
    if (importNode || !clause?.name || clause.namedBindings || clause.isTypeOnly) return null;
    importNode = st;
    name = clause.name.text;
  }
  if (!importNode || !name) return null;
  const svName = name;
  let whole = false;

  /** `expr.key` or `expr['key']` read (not written) as a value, with `key` a text of `ns`: its key and where it ends. */
  const keyRead = (expr: ts.Node, ns: string): { key: string; end: number } | null => {
    const pp = expr.parent;
    let key: string | undefined;
    let end = 0;
    if (ts.isPropertyAccessExpression(pp) && pp.expression === expr && !pp.questionDotToken) {
      key = pp.name.text;
      end = pp.name.end;
    } else if (ts.isElementAccessExpression(pp) && pp.expression === expr && ts.isStringLiteral(pp.argumentExpression)) {
      key = pp.argumentExpression.text;
      end = pp.end;
    }
    if (key === undefined || !importable(key) || !namespaces.get(ns)?.has(key)) return null;
    const up = pp.parent;
    const written = (ts.isBinaryExpression(up) && up.left === pp && up.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && up.operatorToken.kind <= ts.SyntaxKind.LastAssignment) || ts.isPrefixUnaryExpression(up) || ts.isPostfixUnaryExpression(up) || ts.isDeleteExpression(up);
    return written ? null : { key, end };
  };
  const readKey = (start: number, ns: string, read: { key: string; end: number }) => {
    keys.set(localKey(ns, read.key), [ns, read.key]);
    edits.push({ start, end: read.end, text: localKey(ns, read.key) });
  };

  // `const t = sv.ns;` at the top, every later use `t.key`: the texts by name, and the const goes.
  interface Alias {
    ns: string;
    statement: ts.VariableStatement;
    decl: ts.Identifier;
    reads: { start: number; read: { key: string; end: number } }[];
    ok: boolean;
  }
  const aliases = new Map<string, Alias>();
  for (const st of source.statements) {
    if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const) || st.modifiers?.length) continue;
    const [d, more] = st.declarationList.declarations;
    if (!d || more || !ts.isIdentifier(d.name) || d.type || !d.initializer || !ts.isPropertyAccessExpression(d.initializer)) continue;
    const init = d.initializer;
    if (!ts.isIdentifier(init.expression) || init.expression.text !== svName || !namespaces.has(init.name.text)) continue;
    aliases.set(d.name.text, { ns: init.name.text, statement: st, decl: d.name, reads: [], ok: true });
  }
  const aliasStatements = new Set<ts.Node>([...aliases.values()].map((a) => a.statement));

  const visit = (node: ts.Node): void => {
    if (whole) return;
    if (ts.isIdentifier(node) && aliases.has(node.text)) {
      const alias = aliases.get(node.text)!;
      const p = node.parent;
      if (node === alias.decl) return;
      if ((ts.isPropertyAccessExpression(p) && p.name === node) || ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isJsxAttribute(p)) && p.name === node)) return;
      const read = keyRead(node, alias.ns);
      if (read) alias.reads.push({ start: node.getStart(source), read });
      else alias.ok = false; // read whole, shadowed, exported or in a type: the namespace's object stays
      return;
    }
    if (ts.isIdentifier(node) && node.text === svName && node !== importNode?.importClause?.name) {
      const p = node.parent;
      let ns: string | undefined;
      let end = 0;
      if (ts.isPropertyAccessExpression(p) && p.expression === node) {
        ns = p.name.text;
        end = p.name.end;
      } else if (ts.isQualifiedName(p) && p.left === node) {
        ns = p.right.text;
        end = p.right.end;
      } else if (ts.isElementAccessExpression(p) && p.expression === node && ts.isStringLiteral(p.argumentExpression)) {
        ns = p.argumentExpression.text;
        end = p.end;
      } else if (ts.isPropertyAccessExpression(p) && p.name === node) {
        return; // `x.sv`: another object's property
      } else if ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p)) && p.name === node) {
        return; // `{ sv: … }`: a key, not the import
      }
      if (ns === undefined || !namespaces.has(ns)) {
        whole = true;
        return;
      }
      // `sv.ns.key` (or `sv.ns['key']`) read as a value: the one text, by its name.
      const read = keyRead(p, ns);
      if (read) return readKey(node.getStart(source), ns, read);
      used.add(ns);
      edits.push({ start: node.getStart(source), end, text: local(ns) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  for (const st of source.statements) {
    if (st === importNode) continue;
    if (aliasStatements.has(st)) ts.forEachChild(st, (n) => (ts.isVariableDeclarationList(n) ? undefined : visit(n)));
    else visit(st);
  }
  if (whole) return null;
  for (const alias of aliases.values()) {
    if (alias.ok) {
      for (const r of alias.reads) readKey(r.start, alias.ns, r.read);
      edits.push({ start: alias.statement.getStart(source), end: alias.statement.end, text: '' });
    } else {
      const init = (alias.statement.declarationList.declarations[0]!.initializer as ts.PropertyAccessExpression);
      used.add(alias.ns);
      edits.push({ start: init.getStart(source), end: init.end, text: local(alias.ns) });
    }
  }
  const named = new Map<string, string[]>();
  for (const [name, [ns, key]] of [...keys].sort(([a], [b]) => a.localeCompare(b))) named.set(ns, [...(named.get(ns) ?? []), `${key} as ${name}`]);
  const imports = [
    ...[...used].sort().map((ns) => `import ${local(ns)} from '${PREFIX}${ns}';`),
    ...[...named].sort(([a], [b]) => a.localeCompare(b)).map(([ns, list]) => `import { ${list.join(', ')} } from '${PREFIX}${ns}';`),
  ].join(' ');
  edits.push({ start: importNode.getStart(source), end: importNode.end, text: imports });
  let out = code;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** The Vite plugin (browser build only): see the file's comment. */
export function svSplit(svFile: string): Plugin {
  const read = () => JSON.parse(readFileSync(svFile, 'utf8')) as Record<string, unknown>;
  let texts = read();
  return {
    name: 'blankett-sv-split',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      texts = read();
      this.addWatchFile(svFile);
    },
    resolveId(source) {
      return source.startsWith(PREFIX) ? RESOLVED + source.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const ns = id.slice(RESOLVED.length);
      return { code: namespaceModule(texts[ns]), moduleSideEffects: false };
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.(ts|tsx)$/.test(id)) return null;
      const out = splitSvImports(code, id, svFile, namespaceKeys(texts));
      return out === null ? null : { code: out, map: null };
    },
  };
}

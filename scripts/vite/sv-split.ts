/**
 * The Swedish texts ship per namespace (issue 18): schemas/messages/sv.json stays the one home
 * of every text, but in the browser build a module that reads it only as `sv.<namespace>`
 * (or `sv['namespace']`, or `typeof sv.<namespace>`) imports just those namespaces, each a
 * virtual module `\0blankett-sv/<namespace>` of its own, so the bundler places each namespace
 * with the pages that use it: the apply page ships the dozen it reads (about 5 KB gzip),
 * not all forty (about 24 KB). A module that uses `sv` any other way (passes it on, spreads
 * it, `sv[key]`) keeps the whole file, so nothing can go missing; the server, vitest and the
 * server renderer read sv.json as it is. The check: tests/unit/sv-split.test.ts and the
 * apply route's chunks in tests/e2e/apply-texts-chunk.test.ts.
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

/**
 * `code` (a TS/TSX module at `file`) with its default import of `svFile` replaced by one
 * import per namespace it reads, or null when it does not import svFile or uses it whole.
 */
export function splitSvImports(code: string, file: string, svFile: string, namespaces: ReadonlySet<string>): string | null {
  if (!code.includes('sv.json')) return null;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: Edit[] = [];
  const used = new Set<string>();
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
  let whole = false;
  const visit = (node: ts.Node): void => {
    if (whole) return;
    if (ts.isIdentifier(node) && node.text === name && node !== importNode?.importClause?.name) {
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
      used.add(ns);
      edits.push({ start: node.getStart(source), end, text: local(ns) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  for (const st of source.statements) if (st !== importNode) visit(st);
  if (whole) return null;
  const imports = [...used].sort().map((ns) => `import ${local(ns)} from '${PREFIX}${ns}';`).join(' ');
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
      return { code: `export default ${JSON.stringify(texts[ns])};`, moduleSideEffects: false };
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.(ts|tsx)$/.test(id)) return null;
      const out = splitSvImports(code, id, svFile, new Set(Object.keys(texts)));
      return out === null ? null : { code: out, map: null };
    },
  };
}

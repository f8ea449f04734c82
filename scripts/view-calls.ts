/**
 * Which dispatcher actions a view's code names (scripts/check-screens.ts compares them with
 * the screen file's `uses`). A view calls actions through `dispatch('name', …)` or through
 * components and hooks it imports (`call`, `useApplicants`, `folderImages`…), and every typed
 * call names its action as a string literal somewhere (the first parameter is an
 * `ActionName`, a union of literals). So: every string literal equal to an action name in the
 * code the view's default export reaches: the top-level declarations its identifiers name, in
 * its file and, through relative imports, in other modules, transitively (`import type` and
 * literals in type positions such as `ActionAnswer['get_x']` do not count).
 *
 * Not counted: modules the shell mounts itself before any view (SHELL_PROVIDERS): a view that
 * reads the session through `useSession()` does not call what the provider loaded; and the
 * few declarations that name an action as data, not to call it (NOT_CALLS).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Repository-relative files whose action calls belong to the shell, each with why. */
export const SHELL_PROVIDERS: Readonly<Record<string, string>> = {
  'screens/runner/session/session.tsx': 'the session provider the shell mounts: loads the user and their organisations once; views read them through hooks',
};

/**
 * Top-level declarations ('file#name') whose literals spell action names without calling them,
 * each with why.
 */
export const NOT_CALLS: Readonly<Record<string, string>> = {
  'screens/shell/notifications.ts#APPLICANT_TYPES': 'notification types are named after the action that caused them',
  'schemas/generated/view-uses.ts#VIEW_USES': "every view's declared actions, which viewCall() checks a call against; the view's own literals are its calls",
};

export interface NamedAction {
  action: string;
  /** Repository-relative file that names it. */
  file: string;
}

/** Reads a repository-relative file, or null when there is none. */
export type ReadSource = (file: string) => string | null;

export function diskSource(root: string): ReadSource {
  return (file) => {
    const p = join(root, file);
    return existsSync(p) ? readFileSync(p, 'utf8') : null;
  };
}

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveImport(from: string, spec: string, read: ReadSource): string | null {
  const base = relative('/', resolve('/', dirname(from), spec));
  for (const candidate of /\.tsx?$/.test(base) ? [base] : EXTENSIONS.map((e) => base + e)) {
    if (read(candidate) !== null) return candidate;
  }
  return null;
}

type Ref = { file: string; name: string };

/** One module's top level, by name: what it declares, imports and re-exports. */
interface ModuleInfo {
  decls: Map<string, ts.Node[]>;
  imports: Map<string, Ref>;
  reexports: Map<string, Ref>;
  stars: string[];
  /** Top-level statements that run on import (calls, side-effect imports' targets). */
  effects: ts.Node[];
  effectImports: string[];
}

function bindingNames(name: ts.BindingName, out: string[] = []): string[] {
  if (ts.isIdentifier(name)) out.push(name.text);
  else for (const el of name.elements) if (!ts.isOmittedExpression(el)) bindingNames(el.name, out);
  return out;
}

const isTypeOnly = (s: ts.Statement) => ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s);

function parseModule(file: string, source: string, read: ReadSource): ModuleInfo {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const info: ModuleInfo = { decls: new Map(), imports: new Map(), reexports: new Map(), stars: [], effects: [], effectImports: [] };
  const declare = (name: string, node: ts.Node) => info.decls.set(name, [...(info.decls.get(name) ?? []), node]);
  const target = (spec: ts.Expression) => (ts.isStringLiteral(spec) && spec.text.startsWith('.') ? resolveImport(file, spec.text, read) : null);
  for (const s of sf.statements) {
    if (isTypeOnly(s)) continue;
    if (ts.isImportDeclaration(s)) {
      const to = target(s.moduleSpecifier);
      const clause = s.importClause;
      if (!to || clause?.isTypeOnly) continue;
      if (!clause) info.effectImports.push(to);
      else {
        if (clause.name) info.imports.set(clause.name.text, { file: to, name: 'default' });
        const nb = clause.namedBindings;
        if (nb && ts.isNamespaceImport(nb)) info.imports.set(nb.name.text, { file: to, name: '*' });
        else if (nb) for (const el of nb.elements) if (!el.isTypeOnly) info.imports.set(el.name.text, { file: to, name: (el.propertyName ?? el.name).text });
      }
    } else if (ts.isExportDeclaration(s)) {
      if (s.isTypeOnly) continue;
      const to = s.moduleSpecifier ? target(s.moduleSpecifier) : null;
      if (s.moduleSpecifier && !to) continue;
      if (!s.exportClause) {
        if (to) info.stars.push(to);
      } else if (ts.isNamedExports(s.exportClause)) {
        for (const el of s.exportClause.elements) {
          if (el.isTypeOnly) continue;
          const local = (el.propertyName ?? el.name).text;
          if (to) info.reexports.set(el.name.text, { file: to, name: local });
          else info.reexports.set(el.name.text, { file, name: local });
        }
      }
    } else if (ts.isExportAssignment(s)) declare('default', s);
    else if (ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isEnumDeclaration(s)) {
      if (s.name) declare(s.name.text, s);
      if (s.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) declare('default', s);
    } else if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) for (const n of bindingNames(d.name)) declare(n, d);
    } else info.effects.push(s);
  }
  return info;
}

/**
 * Every action named by the code `entry` (a repository-relative .tsx/.ts file) runs: its
 * default export and top-level statements, and, following identifiers, every top-level
 * declaration they reach in it and in the modules it imports (relative imports; a namespace
 * import counts as the whole module). Sorted by action, with the first file naming each.
 */
export function actionsNamedBy(entry: string, read: ReadSource, actions: ReadonlySet<string>): NamedAction[] {
  const modules = new Map<string, ModuleInfo | null>();
  const moduleOf = (file: string): ModuleInfo | null => {
    if (!modules.has(file)) {
      const source = file in SHELL_PROVIDERS ? null : read(file);
      modules.set(file, source === null ? null : parseModule(file, source, read));
    }
    return modules.get(file) ?? null;
  };
  const found = new Map<string, string>();
  const done = new Set<string>();
  const entered = new Set<string>();
  const queue: Ref[] = [{ file: entry, name: 'default' }];

  const walk = (file: string, info: ModuleInfo, node: ts.Node): void => {
    if (ts.isTypeNode(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) return;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && actions.has(node.text) && !found.has(node.text)) found.set(node.text, file);
    if (ts.isIdentifier(node)) {
      const imported = info.imports.get(node.text);
      if (imported) queue.push(imported);
      else if (info.decls.has(node.text)) queue.push({ file, name: node.text });
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      const to = arg && ts.isStringLiteral(arg) && arg.text.startsWith('.') ? resolveImport(file, arg.text, read) : null;
      if (to) queue.push({ file: to, name: '*' });
    }
    ts.forEachChild(node, (child) => walk(file, info, child));
  };

  while (queue.length) {
    const { file, name } = queue.shift() as Ref;
    const key = `${file}#${name}`;
    if (done.has(key)) continue;
    done.add(key);
    const info = moduleOf(file);
    if (!info) continue;
    if (!entered.has(file)) {
      entered.add(file);
      for (const s of info.effects) walk(file, info, s);
      for (const to of info.effectImports) queue.push({ file: to, name: '*' });
    }
    if (name === '*') {
      for (const n of [...info.decls.keys(), ...info.reexports.keys()]) queue.push({ file, name: n });
      for (const to of info.stars) queue.push({ file: to, name: '*' });
      continue;
    }
    const nodes = key in NOT_CALLS ? [] : info.decls.get(name);
    if (nodes) for (const n of nodes) walk(file, info, n);
    else if (info.imports.has(name)) queue.push(info.imports.get(name) as Ref);
    else if (info.reexports.has(name)) queue.push(info.reexports.get(name) as Ref);
    else for (const to of info.stars) queue.push({ file: to, name });
  }
  return [...found].map(([action, file]) => ({ action, file })).sort((a, b) => a.action.localeCompare(b.action));
}

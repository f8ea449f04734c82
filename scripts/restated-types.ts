/**
 * Counts hand-written types that restate a generated one (issue 25 item 6, "derive, don't
 * restate"). A hand-written object type (interface or type alias, not generic) in engine/,
 * widgets/, screens/ or server/ restates a generated type (schemas/generated/*.ts) when both
 * have the same property names (at least two) and each is assignable to the other: the same
 * shape written twice. `--near` also lists the ones with the same names whose types differ.
 *
 *   node --import tsx scripts/restated-types.ts [--near]
 *
 * Exits 1 when any restated type is found, or any server type with a generated type's property
 * names (server/ derives its documents and inputs from schemas/generated: issue 25 item 6).
 * Runs in `npm run typecheck`.
 */
import { relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const HAND = /^(engine|widgets|screens|server)\//;
const GENERATED = /^schemas\/generated\//;

export interface Restated {
  file: string;
  line: number;
  name: string;
  generated: string;
  identical: boolean;
}

function program(): ts.Program {
  const configPath = resolve(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const files = parsed.fileNames.filter((f) => HAND.test(relative(root, f)) || GENERATED.test(relative(root, f)));
  return ts.createProgram(files, parsed.options);
}

/** Property names of an object type with no call signatures; null for anything else. */
function propNames(checker: ts.TypeChecker, type: ts.Type): string[] | null {
  if (!(type.flags & ts.TypeFlags.Object) || type.getCallSignatures().length > 0) return null;
  const names = checker.getPropertiesOfType(type).map((p) => p.getName());
  return names.length >= 2 ? names.sort() : null;
}

/** True when the declaration is written from a generated type (an alias of it, a Pick of it, an interface extending it). */
function derived(checker: ts.TypeChecker, node: ts.InterfaceDeclaration | ts.TypeAliasDeclaration): boolean {
  let found = false;
  const seen = new Set<ts.Node>();
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isTypeReferenceNode(n) || ts.isExpressionWithTypeArguments(n)) {
      let sym = checker.getSymbolAtLocation(ts.isTypeReferenceNode(n) ? n.typeName : n.expression);
      if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
      for (const d of sym?.declarations ?? []) {
        if (GENERATED.test(relative(root, d.getSourceFile().fileName))) found = true;
        // A local alias of a generated type (`type ContainerAnswer = ActionAnswer['get_container']`) derives too.
        else if (ts.isTypeAliasDeclaration(d) && !seen.has(d)) {
          seen.add(d);
          visit(d.type);
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  if (ts.isTypeAliasDeclaration(node)) visit(node.type);
  else node.heritageClauses?.forEach(visit);
  return found;
}

/** Every hand-written type that has the shape of a generated one. */
export function findRestated(): Restated[] {
  const prog = program();
  const checker = prog.getTypeChecker();
  const generated = new Map<string, { name: string; type: ts.Type }[]>();
  const hand: { file: string; line: number; name: string; type: ts.Type; key: string }[] = [];
  for (const sf of prog.getSourceFiles()) {
    const file = relative(root, sf.fileName);
    const isGen = GENERATED.test(file);
    if (!isGen && !HAND.test(file)) continue;
    ts.forEachChild(sf, function visit(node) {
      if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && !node.typeParameters) {
        const type = checker.getTypeAtLocation(node.name);
        const names = propNames(checker, type);
        if (names && (isGen || !derived(checker, node))) {
          const key = names.join(',');
          const name = node.name.text;
          if (isGen) generated.set(key, [...(generated.get(key) ?? []), { name: `${file.replace(/^schemas\/generated\//, '')}:${name}`, type }]);
          else hand.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, name, type, key });
        }
      }
      if (ts.isModuleDeclaration(node)) ts.forEachChild(node, visit);
    });
  }
  const out: Restated[] = [];
  for (const h of hand) {
    const same = generated.get(h.key);
    if (!same) continue;
    const twin = same.find((g) => checker.isTypeAssignableTo(h.type, g.type) && checker.isTypeAssignableTo(g.type, h.type));
    out.push({ file: h.file, line: h.line, name: h.name, generated: (twin ?? same[0]!).name, identical: !!twin });
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const near = process.argv.includes('--near');
  const all = findRestated();
  const identical = all.filter((r) => r.identical);
  for (const r of near ? all : identical) console.log(`${r.file}:${r.line} ${r.name} ${r.identical ? '=' : '≈'} ${r.generated}`);
  console.log(`restated (same shape as a generated type): ${identical.length}; same property names: ${all.length}`);
  const server = all.filter((r) => r.file.startsWith('server/'));
  for (const r of server) if (!r.identical) console.log(`${r.file}:${r.line} ${r.name} ≈ ${r.generated} (server: derive it from the generated type)`);
  process.exit(identical.length > 0 || server.length > 0 ? 1 : 0);
}

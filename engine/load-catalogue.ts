/**
 * Node only (uses fs): builds a registry from a catalogue folder holding field-types/ and
 * validators/ like schemas/. The browser and the default registry use the generated static
 * catalogue instead (schemas/generated/catalogue.ts). Every problem names its file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import { catalogueIssue, CatalogueError, type Issue } from './errors';
import { fill } from './fill';
import { createRegistry, type Registry } from './registry';
import type { ValidatorImpl } from './validators/types';

/** Where JSON.parse stopped, in Swedish (its own sentence is English). */
function jsonProblem(text: string, e: unknown): string {
  const msg = e instanceof Error ? e.message : '';
  const lc = /line (\d+) column (\d+)/.exec(msg);
  if (lc) return fill(sv.engine.jsonPosition, { line: lc[1]!, column: lc[2]! });
  const pos = /position (\d+)/.exec(msg);
  if (!pos) return sv.engine.catalogue.invalid;
  const before = text.slice(0, Number(pos[1])).split('\n');
  return fill(sv.engine.jsonPosition, { line: before.length, column: before[before.length - 1]!.length + 1 });
}

interface Read {
  declarations: unknown[];
  issues: Issue[];
}

function readFolder(dir: string, sources: Map<unknown, string>, into: Read): void {
  if (!existsSync(dir)) return;
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const file = join(dir, f);
    const text = readFileSync(file, 'utf8');
    try {
      const declaration = JSON.parse(text) as unknown;
      sources.set(declaration, file);
      into.declarations.push(declaration);
    } catch (e) {
      into.issues.push(catalogueIssue(file, 'notJson', { detail: jsonProblem(text, e) }));
    }
  }
}

/** The declarations of `<root>/field-types/*.json` and `<root>/validators/*.json` (several roots: all of them), each with its file. */
function loadCatalogue(roots: string | string[]): { fieldTypes: unknown[]; validators: unknown[]; sources: Map<unknown, string>; issues: Issue[] } {
  const list = Array.isArray(roots) ? roots : [roots];
  const sources = new Map<unknown, string>();
  const types: Read = { declarations: [], issues: [] };
  const validators: Read = { declarations: [], issues: [] };
  for (const r of list) {
    readFolder(join(r, 'field-types'), sources, types);
    readFolder(join(r, 'validators'), sources, validators);
  }
  return { fieldTypes: types.declarations, validators: validators.declarations, sources, issues: [...types.issues, ...validators.issues] };
}

/**
 * A registry from catalogue folders, e.g. `loadRegistry(['schemas', '/tmp/extra'])`. Throws
 * one CatalogueError with every problem of every file (unreadable JSON included): a catalogue
 * is used whole or not at all.
 */
export function loadRegistry(roots: string | string[], implementations?: Record<string, ValidatorImpl<any>>): Registry {
  const { fieldTypes, validators, sources, issues } = loadCatalogue(roots);
  let registry: Registry | undefined;
  try {
    registry = createRegistry(fieldTypes, validators, implementations, { sourceOf: (d) => sources.get(d) });
  } catch (e) {
    if (!(e instanceof CatalogueError)) throw e;
    issues.push(...e.issues);
  }
  if (!registry || issues.length) throw new CatalogueError(issues);
  return registry;
}

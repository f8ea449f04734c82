/**
 * Node only (uses fs): builds a registry from a catalogue folder holding field-types/ and
 * validators/ like schemas/. The browser and the default registry use the generated static
 * catalogue instead (schemas/generated/catalogue.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogueError } from './errors';
import { createRegistry, type Registry } from './registry';
import type { ValidatorImpl } from './validators/types';

function readFolder(dir: string): unknown[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      try {
        return JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown;
      } catch (e) {
        throw new CatalogueError([{ key: join(dir, f), problem: `is not valid JSON: ${(e as Error).message}` }]);
      }
    });
}

/** Reads `<root>/field-types/*.json` and `<root>/validators/*.json` (each folder may be several). */
export function loadCatalogue(roots: string | string[]): { fieldTypes: unknown[]; validators: unknown[] } {
  const list = Array.isArray(roots) ? roots : [roots];
  return {
    fieldTypes: list.flatMap((r) => readFolder(join(r, 'field-types'))),
    validators: list.flatMap((r) => readFolder(join(r, 'validators'))),
  };
}

/** A registry from catalogue folders, e.g. `loadRegistry(['schemas', '/tmp/extra'])`. */
export function loadRegistry(roots: string | string[], implementations?: Record<string, ValidatorImpl<any>>): Registry {
  const { fieldTypes, validators } = loadCatalogue(roots);
  return createRegistry(fieldTypes, validators, implementations);
}

import { setDefaultRegistry } from '../engine/default-registry';
import { loadRegistry } from '../engine/load-catalogue';
import type { Registry } from '../engine/registry';

let loaded: { dirs: string; registry: Registry } | undefined;

/**
 * Reads the field types and validators of the catalogue folders (config.catalogueDirs:
 * schemas/ or CATALOGUE_DIR) and makes them the engine's default registry, so compiling,
 * validating, exporting and engine/answer-kinds.ts all use them. Throws the engine's
 * CatalogueError (Swedish, every problem with its file) on a file with invalid JSON, a broken
 * declaration, an unknown widget, an answer no kind fits, a name twice or a key prefix of
 * another type: the server then does not start at all. Read once per process and folder list.
 */
export function useCatalogue(dirs: readonly string[]): Registry {
  const key = dirs.join('\n');
  if (loaded?.dirs !== key) loaded = { dirs: key, registry: loadRegistry([...dirs]) };
  setDefaultRegistry(loaded.registry);
  return loaded.registry;
}

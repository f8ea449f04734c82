import { loadChunk } from '../chunks';
import type { ScreenEntry } from './routeTable';
import type { ScreenFile } from './types';

/**
 * The screens the app knows (docs/screens.md): the route table, one entry per file under
 * schemas/screens/ (routeTable.ts: what routes, guards, titles and the sidebar read), and each
 * screen's whole file when it is needed.
 */
export interface Catalogue {
  /** Every screen's entry, ordered by id. */
  screens: readonly ScreenEntry[];
  /** The screen's whole file, loading it once (a failed load rejects with a ChunkLoadError and is forgotten, so a retry fetches it anew). */
  file(id: string): Promise<ScreenFile>;
  /** The screen's whole file when it is here already. */
  loaded(id: string): ScreenFile | undefined;
}

/**
 * The table is read eagerly (`?route`: scripts/vite/screen-table.ts keeps only the entry of each
 * file), the files lazily, each its own chunk, so a first page carries no other screen's blocks.
 */
const entries = import.meta.glob<ScreenEntry>('/schemas/screens/*.json', { eager: true, query: '?route', import: 'default' });
const loaders = import.meta.glob<ScreenFile>('/schemas/screens/*.json', { import: 'default' });
const table = Object.entries(entries).sort(([, a], [, b]) => a.id.localeCompare(b.id));
const loaderOf = new Map(table.map(([path, e]) => [e.id, loaders[path]]));
/** Each file's load, under way or done (a failed one is forgotten), and each file once here. */
const loading = new Map<string, Promise<ScreenFile>>();
const here = new Map<string, ScreenFile>();

function file(id: string): Promise<ScreenFile> {
  const known = loading.get(id);
  if (known) return known;
  const load = loaderOf.get(id);
  if (!load) return Promise.reject(new Error(`No screen file ${id} under schemas/screens/`));
  const p = loadChunk(`screen:${id}`, load);
  loading.set(id, p);
  p.then(
    (f) => here.set(id, f),
    () => loading.delete(id),
  );
  return p;
}

/** The app's catalogue: the table of every file under schemas/screens/, each file loaded with its screen. */
export const screenCatalogue: Catalogue = { screens: table.map(([, e]) => e), file, loaded: (id) => here.get(id) };

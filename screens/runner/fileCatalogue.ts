import type { Catalogue } from './catalogue';
import { routeEntryOf } from './routeTable';
import type { ScreenFile } from './types';

/**
 * A catalogue of whole files at hand (a test's own screens), ordered as given: their entries are
 * made as the build makes the app's (routeTable.ts), each form's choice of form included. Tests
 * only: the chooser it brings is the build's, never the browser's.
 */
export function catalogueOf(screens: readonly ScreenFile[]): Catalogue {
  const byId = new Map(screens.map((s) => [s.id, s]));
  const loaded = (id: string) => byId.get(id);
  return { screens: screens.map(routeEntryOf), loaded, file: (id) => Promise.resolve(loaded(id) ?? Promise.reject(new Error(`No screen ${id} in the catalogue`))) };
}

import { createContext, useContext } from 'react';
import { screenCatalogue, type Catalogue } from './catalogue';
import type { ScreenEntry } from './routeTable';

/**
 * The screens the running app knows: the real catalogue, or another one a test passes to
 * <ScreenRoutes catalogue={…}>. The sidebar reads it with useScreens() so routes, guards and
 * navigation always come from the same files.
 */
export const CatalogueContext = createContext<Catalogue>(screenCatalogue);

export function useScreens(): readonly ScreenEntry[] {
  return useContext(CatalogueContext).screens;
}

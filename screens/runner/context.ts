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

/**
 * A form's choice of form (lightChooser.ts), made when the route table was built (routeTable.ts):
 * screen `id`'s own form, or its page's `nth` form block. A form the table does not know is drawn
 * by RJSF, which draws any form.
 */
export function useLightForm(id: string, nth?: number): boolean {
  const entry = useContext(CatalogueContext).screens.find((s) => s.id === id);
  const form = nth === undefined ? entry : entry?.blocks?.filter((b) => b.kind === 'form')[nth];
  return form?.light === true;
}

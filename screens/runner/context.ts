import { createContext, useContext } from 'react';
import { screenFiles } from './catalogue';
import type { ScreenFile } from './types';

/**
 * The screens the running app knows: the real catalogue, or another one a test passes to
 * <ScreenRoutes catalogue={…}>. The sidebar reads it with useScreens() so routes, guards and
 * navigation always come from the same files.
 */
export const CatalogueContext = createContext<readonly ScreenFile[]>(screenFiles);

export function useScreens(): readonly ScreenFile[] {
  return useContext(CatalogueContext);
}


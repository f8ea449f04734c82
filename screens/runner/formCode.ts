import { loadChunk } from '../chunks';

/**
 * The code that draws a form: the light form's or RJSF's. One home for both loaders, so the form
 * block (FormBlock.tsx) and the screen preload (views.ts) fetch the same chunk once, under one name.
 */
export const formCode = {
  light: () => loadChunk('kind:lightform', () => import('./LightForm')),
  rjsf: () => loadChunk('kind:form', () => import('./FormScreen')),
};

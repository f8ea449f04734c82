import { serverSanitised } from '../precompiled';
import type { CompileFn } from './contract';
import { assembleFormEngine, type FormEngine } from './context';
import type { WidgetDefinition } from './widget-api';

const compileNothing: CompileFn = () => {
  throw new Error('This form engine renders precompiled forms only (ApplicationForm precompiled=…); it has no compiler.');
};

/**
 * A form engine for pages that only render forms the server compiled (the public apply page):
 * the given widgets, with no compiler and no ajv, so the page's bundle carries neither. Its HTML (labels from the server's compile,
 * messages from server-sanitised templates, engine/precompiled.ts) was made safe on the server
 * by the one sanitiser and is rendered as it is: no sanitiser in the bundle either.
 */
export function createPrecompiledFormEngine(widgets: readonly WidgetDefinition[]): FormEngine {
  return assembleFormEngine({ compile: compileNothing, widgets, sanitizeHtml: serverSanitised });
}

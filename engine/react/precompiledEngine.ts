import type { CompileFn } from './contract';
import { assembleFormEngine, type FormEngine } from './context';
import { createStructuralValidator } from './structural-validator';
import type { WidgetDefinition } from './widget-api';

const compileNothing: CompileFn = () => {
  throw new Error('This form engine renders precompiled forms only (ApplicationForm precompiled=…); it has no compiler.');
};

/**
 * A form engine for pages that only render forms the server compiled (the public apply page):
 * the given widgets and RJSF's schema utilities on the structural validator, with no compiler
 * and no ajv, so the page's bundle carries neither.
 */
export function createPrecompiledFormEngine(widgets: readonly WidgetDefinition[]): FormEngine {
  return assembleFormEngine({ compile: compileNothing, widgets, rjsfValidator: createStructuralValidator() });
}

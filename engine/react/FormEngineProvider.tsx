import { sanitizeHtml } from '../sanitize';
import type { CompileFn } from './contract';
import { assembleFormEngine, type FormEngine } from './context';
import type { WidgetDefinition } from './widget-api';

export { FormEngineProvider, useFormEngine, useWidget, withWidgets, type FormEngine } from './context';

export interface FormEngineOptions {
  compile: CompileFn;
  fieldTypes?: unknown;
  widgets: readonly WidgetDefinition[];
}

/** Builds a form engine; a widget id given twice is a programming error and says which. */
export function createFormEngine({ compile, fieldTypes, widgets }: FormEngineOptions): FormEngine {
  return assembleFormEngine({ compile, fieldTypes, widgets, sanitizeHtml });
}

import type { ValidatorType } from '@rjsf/utils';
import { trustedDefaults } from '../default-registry';
import type { Registry } from '../registry';
import { sanitizeHtml } from '../sanitize';
import type { CompileFn } from './contract';
import { assembleFormEngine, type FormEngine } from './context';
import { createRjsfValidator } from './rjsf-validator';
import type { WidgetDefinition } from './widget-api';

export { FormEngineProvider, useFormEngine, useWidget, withWidgets, type FormEngine } from './context';

export interface FormEngineOptions {
  compile: CompileFn;
  fieldTypes?: unknown;
  widgets: readonly WidgetDefinition[];
  rjsfValidator?: ValidatorType;
}

/** Builds a form engine; a widget id given twice is a programming error and says which. */
export function createFormEngine({ compile, fieldTypes, widgets, rjsfValidator }: FormEngineOptions): FormEngine {
  // RJSF's schema utilities run on the engine's own ajv (engine/rjsf), compiled only if RJSF asks.
  const registry = () => (typeof fieldTypes === 'object' && fieldTypes !== null && 'ajv' in fieldTypes ? (fieldTypes as Registry) : trustedDefaults().registry);
  return assembleFormEngine({ compile, fieldTypes, widgets, rjsfValidator: rjsfValidator ?? createRjsfValidator({ registry }), sanitizeHtml });
}

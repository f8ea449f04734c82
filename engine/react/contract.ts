/**
 * The compiled-form contract between the engine core (compileTemplate) and these bindings.
 * Kept here as plain types so the React layer depends on the shape, not on the core's internals.
 */
import type { Answers, CompileContext, FieldError, FormTemplate, ValidationResult } from '../types';
import type { FieldCondition } from '../conditions';

/** One node of the form tree, in display order (uiSchema['ui:options'].layout). */
export interface LayoutNode {
  key: string;
  type: string;
  label?: string;
  isHtml?: boolean;
  required?: boolean;
  widget: string;
  /** Shown only while these hold (engine/conditions.ts). */
  visibleWhen?: FieldCondition[];
  requiredWhen?: FieldCondition;
  children?: LayoutNode[];
}

/** A radio child of a radioGroup, as the compiled uiSchema lists it. */
export interface ChoiceOption {
  key: string;
  label?: string;
  isHtml?: boolean;
}

/** `uiSchema[key]['ui:options']` for one answer-carrying field. */
export interface FieldUiOptions {
  fieldType: string;
  label?: string;
  isHtml?: boolean;
  placeholder?: string;
  required?: boolean;
  data?: unknown;
  validators?: { name: string; data?: unknown }[];
  options?: ChoiceOption[];
  /** Required only while this holds. */
  requiredWhen?: FieldCondition;
  /** The field type's autofill hints (person fields: given-name, address-line1, tel, …). */
  autocomplete?: { autoComplete: string; inputMode?: 'tel' | 'numeric' | 'email' | 'url' | 'text' };
  /**
   * A text input's change is kept only when this returns true, otherwise the value reverts
   * (spec doc 2 §5). Set by callers that build a uiSchema in code, e.g. digits-only editors.
   */
  accept?: (value: string) => boolean;
}

export interface RootUiSchema {
  'ui:order'?: string[];
  'ui:options'?: { layout?: LayoutNode[]; [extra: string]: unknown };
  [key: string]: unknown;
}

export interface JsonSchemaObject {
  type?: unknown;
  properties?: Record<string, Record<string, unknown>>;
  [keyword: string]: unknown;
}

export interface CompiledForm {
  schema: JsonSchemaObject;
  uiSchema: RootUiSchema;
  validate(answers: Answers): ValidationResult;
  /**
   * For a form whose validator arrives later (a precompiled form, usePrecompiledForm.ts):
   * whether `validate` can run now, and a promise that settles when it can (rejects when it
   * never will). Absent: `validate` can always run.
   */
  ready?(): boolean;
  whenReady?(): Promise<void>;
}

/** The engine core's compileTemplate, injected so a test or an integrator can swap the catalogue. */
export type CompileFn = (template: FormTemplate, ctx?: CompileContext) => CompiledForm;

export type { Answers, FieldError, FormTemplate };

export function layoutOf(uiSchema: RootUiSchema): LayoutNode[] {
  return uiSchema['ui:options']?.layout ?? [];
}

/**
 * The form engine's public API (docs/architecture.md "The contracts in one paragraph each"). Isomorphic: no React,
 * no DOM, no fs. Node-only helpers (loading a catalogue folder) are in engine/load-catalogue.
 */
import { defaultCompiler } from './default-registry';
import type { CompiledForm } from './compile';
import type { CompileContext, FormTemplate } from './types';

/**
 * Compiles a form (a position's or a template's metadata) into the JSON Schema and uiSchema
 * @rjsf/core renders, plus `validate(answers)`. Compiled validators are cached by
 * `template.key` + `template.version` when both are given, otherwise by content. Throws a
 * TemplateError naming each bad key.
 */
export function compileTemplate(template: FormTemplate, ctx?: CompileContext): CompiledForm {
  return defaultCompiler().compileTemplate(template, ctx);
}

export { defaultRegistry, defaultCompiler, trustedDefaults } from './default-registry';
export { createRegistry, fieldTypeFor, type Registry, type RegistryOptions } from './registry';
export { createCompiler, type CompiledForm, type Compiler, type CompilerOptions } from './compile';
export { TemplateError, CatalogueError, type Issue } from './errors';
export type { LayoutNode, FieldUiOptions, UiSchema, JSONSchema } from './build-form';
export type { FieldTypeDefinition, ValidatorDefinition } from './definitions';
export { createAjv, addBlankettKeywords, keywordFor, RunContext, AJV_OPTIONS, dataUrlBytes } from './ajv';
export { messageFor } from './messages';
export { sanitizeHtml, htmlToText, escapeHtml } from './sanitize';
export { parsePersonnummer, luhnValid, type Personnummer } from './personnummer';
export { parseOrganisationsnummer } from './organisationsnummer';
export { stockholmDate, ageOn, parseIsoDate, formatIsoDate, TIME_ZONE, type CalendarDate } from './dates';
export { builtinValidators, DataError, type ValidatorImpl, type RuntimeContext } from './validators/index';
export type {
  MetadataProperty, ValidatorRef, FormTemplate, CompileContext, FieldError, ValidationResult, Answers, PeriodValue, AttachedFile,
} from './types';
export { extractApplicantInfo, type ApplicantInfo } from './applicant';
export { editorSchemaFor } from './editor';

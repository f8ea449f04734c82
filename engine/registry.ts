import type { ErrorObject, ValidateFunction } from 'ajv';
import fieldTypeMeta from '../schemas/entities/field-type-definition.json' with { type: 'json' };
import validatorMeta from '../schemas/entities/validator-definition.json' with { type: 'json' };
import { createAjv, type Ajv2020 } from './ajv';
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import { fill } from './fill';
import { sanitizeHtml } from './sanitize';
import { answerKindOfDefinition } from './answer-shape';
import type { FieldTypeDefinition, ValidatorDefinition } from './definitions';
import { catalogueIssue, CatalogueError, namesOf, TemplateError, templateIssue, type Issue } from './errors';
import type { MetadataProperty } from './types';
import { builtinValidators } from './validators/index';
import type { ValidatorImpl } from './validators/types';
import { WIDGET_IDS } from './widget-ids';

/** The loaded catalogue: field types, validators, their code and the ajv that runs them. */
export interface Registry {
  readonly fieldTypes: ReadonlyMap<string, FieldTypeDefinition>;
  readonly validators: ReadonlyMap<string, ValidatorDefinition>;
  readonly implementations: ReadonlyMap<string, ValidatorImpl<unknown>>;
  /** The answers ajv (passContext on); compiled form validators come from it. */
  readonly ajv: Ajv2020;
  /**
   * The implementations the ajv's keywords were added from, in the order they were added (the
   * order ajv runs them in, and so the order of a field's errors). Another ajv that must give
   * the same errors (engine/standalone.ts) is built from this.
   */
  readonly keywordImplementations: ReadonlyMap<string, ValidatorImpl<unknown>>;
  /** The one sanitiser (engine/sanitize.ts), for the messages made from this registry. */
  readonly sanitize: (html: string) => string;
  /** Whether `validator` may be attached to a field of type `type`. */
  allows(type: string, validator: string): boolean;
  /** Checks a validator's `data` against its declared schema; a problem text or null. */
  checkValidatorData(validator: string, data: unknown): string | null;
  /** Checks a property's `data` against its type's declared schema; a problem text or null. */
  checkPropertyData(type: string, data: unknown): string | null;
}

/** Where a declaration breaks its schema and which keyword says so (ajv's own sentences are English). */
function describeAjvErrors(errors: ErrorObject[] | null | undefined): string {
  const first = errors?.[0];
  if (!first) return sv.engine.catalogue.invalid;
  return `${first.instancePath || '/'} (${first.keyword}${first.params && Object.keys(first.params).length ? ` ${JSON.stringify(first.params)}` : ''})`;
}

export interface RegistryOptions {
  /**
   * The declarations were already checked where they were made (the catalogue test and the
   * server build the same catalogue with full checks): skip checking them against their
   * meta-schemas, skip ajv's meta-schema validation of the schemas compiled later, and compile
   * each data schema when a template first uses it. For the browser, where compiling the
   * draft 2020-12 meta-schema and every catalogue schema up front cost most of the apply
   * page's start-up. A valid catalogue gives the same registry, compile results and errors.
   */
  trusted?: boolean;
  /** The widget ids a field type may name (default engine/widget-ids.ts, the ids widgets/index.ts registers). */
  widgets?: readonly string[];
  /** Where a declaration was read from (engine/load-catalogue.ts): its problems name the file. */
  sourceOf?: (declaration: unknown) => string | undefined;
}

function checkWith(check: (() => ValidateFunction) | undefined, data: unknown): string | null {
  if (!check) return null;
  let fn: ValidateFunction;
  try {
    fn = check();
  } catch (e) {
    return fill(sv.engine.catalogue.schemaNotCompiled, { what: 'data', detail: (e as Error).message });
  }
  return fn(data) ? null : describeAjvErrors(fn.errors);
}

/**
 * The pure field-type lookup: the definition for a property's `type`. When nothing matches,
 * throws a TemplateError naming the key and the type.
 */
export function fieldTypeFor(property: Pick<MetadataProperty, 'key' | 'type'>, registry: Pick<Registry, 'fieldTypes'>): FieldTypeDefinition {
  const found = typeof property.type === 'string' ? registry.fieldTypes.get(property.type) : undefined;
  if (found) return found;
  throw new TemplateError([templateIssue(String(property.key), 'unknownType', { type: String(property.type), known: namesOf([...registry.fieldTypes.keys()]) })]);
}

/**
 * Builds a registry from declaration objects (the JSON of schemas/field-types and
 * schemas/validators, or any other folder's). Validator code is looked up by name in
 * `implementations` (the fifteen built-ins by default). Throws CatalogueError listing every
 * unusable declaration.
 */
export function createRegistry(
  fieldTypes: readonly unknown[],
  validators: readonly unknown[],
  implementations: Record<string, ValidatorImpl<any>> = builtinValidators,
  options: RegistryOptions = {},
): Registry {
  const trusted = options.trusted === true;
  const issues: Issue[] = [];
  const impls = new Map<string, ValidatorImpl<unknown>>();
  const keywordImplementations = new Map(Object.entries(implementations));
  const ajv = createAjv({ implementations: keywordImplementations, options: trusted ? { validateSchema: false } : undefined });
  const checkType = trusted ? null : ajv.compile(fieldTypeMeta);
  const checkValidator = trusted ? null : ajv.compile(validatorMeta);
  // Trusted: a schema is compiled when a template first needs it, once per distinct content
  // (many declarations share one data schema and differ only in their description);
  // otherwise now, so a broken one is reported here.
  const shared = new Map<string, () => ValidateFunction>();
  const prepare = (schema: object): (() => ValidateFunction) => {
    if (!trusted) {
      const fn = ajv.compile(schema);
      return () => fn;
    }
    let content = JSON.stringify(schema);
    if (typeof schema === 'object' && schema !== null && !Array.isArray(schema)) {
      const { description: _annotation, ...rules } = schema as { description?: unknown };
      content = JSON.stringify(rules);
    }
    let check = shared.get(content);
    if (!check) {
      let fn: ValidateFunction | undefined;
      check = () => (fn ??= ajv.compile(schema));
      shared.set(content, check);
    }
    return check;
  };

  const vDefs = new Map<string, ValidatorDefinition>();
  const dataChecks = new Map<string, () => ValidateFunction>();
  for (const raw of validators) {
    const name = String((raw as { name?: unknown })?.name ?? sv.engine.unnamedDeclaration);
    const where = options.sourceOf?.(raw);
    if (checkValidator && !checkValidator(raw)) {
      issues.push(catalogueIssue(where ? `${where} (${name})` : name, 'declaration', { detail: describeAjvErrors(checkValidator.errors) }));
      continue;
    }
    const def = raw as unknown as ValidatorDefinition;
    if (vDefs.has(def.name)) issues.push(catalogueIssue(where ? `${where} (${def.name})` : def.name, 'validatorTwice'));
    const impl = implementations[def.name];
    if (!impl) issues.push(catalogueIssue(def.name, 'noImplementation'));
    else if (impl.level !== def.level) issues.push(catalogueIssue(def.name, 'levelMismatch', { declared: def.level, implemented: impl.level }));
    else impls.set(def.name, impl);
    try {
      dataChecks.set(def.name, prepare(def.data as object));
    } catch (e) {
      issues.push(catalogueIssue(def.name, 'schemaNotCompiled', { what: 'data', detail: (e as Error).message }));
    }
    vDefs.set(def.name, def);
  }

  const tDefs = new Map<string, FieldTypeDefinition>();
  const typeDataChecks = new Map<string, () => ValidateFunction>();
  const widgets = new Set(options.widgets ?? WIDGET_IDS);
  const prefixes = new Map<string, string>();
  for (const raw of fieldTypes) {
    const name = String((raw as { name?: unknown })?.name ?? sv.engine.unnamedDeclaration);
    const where = options.sourceOf?.(raw);
    const at = where ? `${where} (${name})` : name;
    if (checkType && !checkType(raw)) {
      issues.push(catalogueIssue(at, 'declaration', { detail: describeAjvErrors(checkType.errors) }));
      continue;
    }
    const def = raw as unknown as FieldTypeDefinition;
    if (tDefs.has(def.name)) issues.push(catalogueIssue(at, 'typeTwice'));
    if (!trusted) {
      if (!widgets.has(def.widget)) issues.push(catalogueIssue(at, 'unknownWidget', { name: def.widget, known: namesOf([...widgets]) }));
      if (answerKindOfDefinition(def) === null) issues.push(catalogueIssue(at, 'answerKind', { declared: def.answerKind ?? '–', answer: JSON.stringify(def.answer).slice(0, 120) }));
      const owner = prefixes.get(def.keyPrefix);
      if (owner !== undefined && owner !== def.name) issues.push(catalogueIssue(at, 'keyPrefixTwice', { prefix: def.keyPrefix, name: owner }));
      else prefixes.set(def.keyPrefix, def.name);
    }
    for (const [what, schema] of [['answer', def.answer], ['data', def.data]] as const) {
      // Answer schemas are compiled here only to report a broken one; forms compile their own copy.
      if (schema === null || (trusted && what === 'answer')) continue;
      try {
        const fn = prepare(schema as object);
        if (what === 'data') typeDataChecks.set(def.name, fn);
      } catch (e) {
        issues.push(catalogueIssue(at, 'schemaNotCompiled', { what, detail: (e as Error).message }));
      }
    }
    tDefs.set(def.name, def);
  }

  const allows = (type: string, validator: string): boolean =>
    (tDefs.get(type)?.validators.includes(validator) ?? false) || (vDefs.get(validator)?.appliesTo.includes(type) ?? false);

  for (const def of tDefs.values()) {
    for (const v of def.validators) {
      const vd = vDefs.get(v);
      if (!vd) issues.push(catalogueIssue(def.name, 'unknownValidator', { name: v }));
      else if (vd.level === 'group' && !def.groupLike) issues.push(catalogueIssue(def.name, 'groupValidator', { name: v }));
      else if (vd.level === 'value' && def.answer === null) issues.push(catalogueIssue(def.name, 'valueValidator', { name: v }));
    }
    for (const c of def.childTypes ?? []) if (!tDefs.has(c)) issues.push(catalogueIssue(def.name, 'unknownChildType', { name: c }));
    const rv = def.requiredValidator;
    if (rv && !allows(def.name, rv.name)) issues.push(catalogueIssue(def.name, 'requiredValidator', { name: rv.name }));
  }
  if (issues.length > 0) throw new CatalogueError(issues);

  return {
    fieldTypes: tDefs,
    validators: vDefs,
    implementations: impls,
    ajv,
    keywordImplementations,
    sanitize: sanitizeHtml,
    allows,
    checkValidatorData(validator, data) {
      return checkWith(dataChecks.get(validator), data);
    },
    checkPropertyData(type, data) {
      return checkWith(typeDataChecks.get(type), data);
    },
  };
}

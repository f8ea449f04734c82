import {
  createErrorHandler, getDefaultFormState, toErrorSchema, unwrapErrorHandler, validationDataMerge,
  type CustomValidator, type ErrorTransformer, type RJSFSchema, type RJSFValidationError, type UiSchema, type ValidationData, type ValidatorType,
} from '@rjsf/utils';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { RunContext } from '../ajv';
import { defaultRegistry } from '../default-registry';
import { classify, messageFor } from '../messages';
import type { Registry } from '../registry';
import type { CompileContext } from '../types';

export interface RjsfValidatorOptions extends CompileContext {
  /** The registry whose ajv validates; defaultRegistry() when omitted. Read on first use. */
  registry?: Registry | (() => Registry);
}

/*
 * In the React layer because @rjsf/utils imports React; the pure engine (and so the server)
 * never loads it.
 */

/**
 * RJSF's ValidatorType on the registry's own ajv (draft 2020-12, strict, the Blankett
 * keywords), writing the same Swedish messages into RJSF's errors as `validate`, so live
 * validation in the browser and the server's verdict agree.
 *
 * Why not @rjsf/validator-ajv8: it builds a second ajv instance (its own meta-schema
 * compilation, its own copy of the draft-07 vocabulary in the bundle) for what, in
 * ApplicationForm, is only RJSF's schema utilities; our schemas carry no `$ref` and no
 * conditionals, so a subschema compiles on its own. Nothing is compiled until RJSF asks; a
 * subschema that strict mode refuses counts as not matching (as an uncompilable schema does
 * in validator-ajv8).
 * Positions' start and `now` come from the options, passed to the keywords as their run
 * context.
 */
export function createRjsfValidator(options: RjsfValidatorOptions = {}): ValidatorType {
  let registry: Registry | undefined;
  const reg = () => (registry ??= typeof options.registry === 'function' ? options.registry() : options.registry ?? defaultRegistry());
  const rt = new RunContext(options.now, options.positionStart);

  function run(schema: RJSFSchema, data: unknown): { errors?: ErrorObject[]; validationError?: Error } {
    let fn: ValidateFunction;
    try {
      // ajv caches compiled schemas by object, so RJSF's repeated calls cost a lookup.
      fn = reg().ajv.compile(schema);
    } catch (e) {
      return { validationError: e as Error };
    }
    const ok = fn.call(rt, data) as boolean;
    const errors = ok ? undefined : [...(fn.errors ?? [])];
    fn.errors = null;
    return { errors };
  }

  function toRjsfErrors(errors: ErrorObject[]): RJSFValidationError[] {
    return errors.map((e) => {
      const { validator, data } = classify(e);
      const message = messageFor(reg(), validator, data, options.messages);
      const property = e.instancePath.replace(/\//g, '.');
      return { name: e.keyword, property, message, params: e.params, stack: `${property} ${message}`.trim(), schemaPath: e.schemaPath };
    });
  }

  const validator: ValidatorType = {
    rawValidation<Result = unknown>(schema: RJSFSchema, formData?: unknown) {
      const { errors, validationError } = run(schema, formData);
      return { errors: errors as Result[] | undefined, validationError };
    },
    isValid(schema: RJSFSchema, formData: unknown) {
      const { errors, validationError } = run(schema, formData);
      return !errors && !validationError;
    },
    validateFormData(
      formData: unknown, schema: RJSFSchema, customValidate?: CustomValidator, transformErrors?: ErrorTransformer, uiSchema?: UiSchema,
    ): ValidationData<unknown> {
      const raw = run(schema, formData);
      let errors = toRjsfErrors(raw.errors ?? []);
      if (raw.validationError) errors.push({ stack: raw.validationError.message });
      if (transformErrors) errors = transformErrors(errors, uiSchema);
      let errorSchema = toErrorSchema(errors);
      if (raw.validationError) errorSchema = { ...errorSchema, $schema: { __errors: [raw.validationError.message] } } as unknown as typeof errorSchema;
      if (!customValidate) return { errors, errorSchema };
      const full = getDefaultFormState(validator, schema, formData, schema, true);
      const handler = customValidate(full, createErrorHandler(full), uiSchema, errorSchema);
      return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
    },
  };
  return validator;
}

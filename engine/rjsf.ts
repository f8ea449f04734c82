import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import { addBlankettKeywords, AJV_OPTIONS, Ajv2020 } from './ajv';
import { defaultRegistry } from './default-registry';
import { classify, messageFor } from './messages';
import type { Registry } from './registry';
import type { CompileContext } from './types';

export interface RjsfValidatorOptions extends CompileContext {
  registry?: Registry;
}

/*
 * Not exported from engine/index: @rjsf/utils imports React, and the server imports the
 * engine. The React layer imports this file directly: `import { createRjsfValidator } from
 * '<rel>/engine/rjsf'`.
 */

/**
 * A @rjsf/validator-ajv8 validator that runs the same keywords as `validate` (draft 2020-12,
 * strict) and writes the same Swedish messages into RJSF's errors, so live validation in the
 * browser and the server's verdict agree. Positions' start and `now` come from the options
 * because RJSF calls the validator without our run context.
 */
export function createRjsfValidator(options: RjsfValidatorOptions = {}) {
  const registry = options.registry ?? defaultRegistry();
  const fallback = { now: options.now, positionStart: options.positionStart };
  return customizeValidator(
    {
      AjvClass: Ajv2020 as never,
      ajvOptionsOverrides: { ...AJV_OPTIONS, passContext: false },
      extenderFn: (ajv: unknown) => addBlankettKeywords(ajv as unknown as Ajv2020, registry.implementations, fallback) as never,
    },
    (errors?: null | ErrorObject[]) => {
      for (const error of errors ?? []) {
        const { validator, data } = classify(error);
        error.message = messageFor(registry, validator, data, options.messages);
      }
    },
  );
}

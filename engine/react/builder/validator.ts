import ajv8Validator from '@rjsf/validator-ajv8';

/**
 * RJSF needs a validator for its schema utilities (defaults, dependencies); no editor runs
 * it on input. The builder's rules live in engine/builder/validate.ts and reach the editors
 * as `extraErrors`, in Swedish.
 */
export const ajv8 = ajv8Validator;

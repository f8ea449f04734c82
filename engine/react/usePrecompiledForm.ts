import { useEffect, useMemo, useState } from 'react';
import { loadValidator, precompiledValidate, type PrecompiledForm } from '../precompiled';
import type { Answers, CompileContext, ValidationResult } from '../types';
import type { CompiledForm } from './contract';

/** A validator module on its way: `ready` settles when it loaded (or failed to). */
class PendingValidator {
  validate?: (answers: Answers) => ValidationResult;
  readonly ready: Promise<void>;
  settle!: { resolve(): void; reject(error: unknown): void };
  constructor() {
    this.ready = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    // Awaited by submit; a failure is shown through the hook's state, not as an unhandled rejection.
    this.ready.catch(() => undefined);
  }
}

export interface PrecompiledFormState {
  compiled: CompiledForm;
  /** The validator module could not be loaded: answers cannot be judged here until a retry. */
  failed: boolean;
  retry(): void;
}

/**
 * A form the server compiled (schema, uiSchema) with its precompiled validator, imported from
 * its URL after the first render (never on the server, so a server-rendered page draws the form
 * at once). Until it has loaded, `compiled.ready()` is false and `compiled.whenReady()` waits for
 * it; `validate` before that throws, so nothing ever passes unjudged. A failed load sets
 * `failed`; `retry` imports it again.
 */
export function usePrecompiledForm(form: PrecompiledForm, ctx: CompileContext): PrecompiledFormState {
  const { messages, positionStart } = ctx;
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState(-1);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new validator for each new form, its texts or a retry: the keys say when, not what it reads
  const pending = useMemo(() => new PendingValidator(), [form, messages, positionStart, attempt]);

  useEffect(() => {
    let live = true;
    // A retry asks again (a module that failed to load may be remembered under its URL).
    const url = attempt === 0 ? form.validator : `${form.validator}${form.validator.includes('?') ? '&' : '?'}retry=${attempt}`;
    loadValidator(url).then(
      (fn) => {
        pending.validate = precompiledValidate(form, fn, { messages, positionStart });
        pending.settle.resolve();
      },
      (error: unknown) => {
        console.error('ApplicationForm: the form validator could not be loaded:', error instanceof Error ? error.message : error);
        pending.settle.reject(error);
        if (live) setFailedAttempt(attempt);
      },
    );
    return () => {
      live = false;
    };
  }, [pending, form, messages, positionStart, attempt]);

  const compiled = useMemo<CompiledForm>(
    () => ({
      schema: form.schema,
      uiSchema: form.uiSchema,
      validate(answers) {
        if (!pending.validate) throw new Error('the form validator has not loaded');
        return pending.validate(answers);
      },
      ready: () => pending.validate !== undefined,
      whenReady: () => pending.ready,
    }),
    [form, pending],
  );
  return { compiled, failed: failedAttempt === attempt, retry: () => setAttempt((n) => n + 1) };
}

import { useMemo } from 'react';
import type { Answers, CompiledForm } from './contract';
import { BrokenForm, CompiledApplicationForm } from './ApplicationForm';

export interface ShownFormProps {
  /** The form the server compiled (a staff page showing the answers an application gave); null when it did not compile. */
  shown: Pick<CompiledForm, 'schema' | 'uiSchema'> | null;
  answers?: Answers;
  /** Answers kept from this reader and what they read as instead (ApplicationForm's `hidden`). */
  hidden?: { keys: readonly string[]; text: string };
}

/**
 * A form the server compiled, drawn read-only (view mode) with the nearest FormEngineProvider's
 * widgets: nothing is compiled or validated in the browser. Apart from ApplicationForm, so the
 * public apply page does not carry it.
 */
export function ShownForm({ shown, answers, hidden }: ShownFormProps) {
  const compiled = useMemo<CompiledForm | null>(
    () =>
      shown && {
        schema: shown.schema,
        uiSchema: shown.uiSchema,
        validate() {
          throw new Error('ShownForm: a form shown from the server is read-only and never validates');
        },
      },
    [shown],
  );
  if (!compiled) return <BrokenForm />;
  return <CompiledApplicationForm mode="view" compiled={compiled} answers={answers} {...(hidden ? { hidden } : {})} />;
}

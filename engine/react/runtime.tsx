import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Answers, CompiledForm, FieldError } from './contract';
import type { AnswerStore } from './store';
import type { DisplayMode } from './widget-api';

/** What one rendered ApplicationForm shares with its fields. Stable while the user types. */
export interface FormRuntime {
  store: AnswerStore;
  compiled: CompiledForm;
  mode: DisplayMode;
  disabled: boolean;
  idOf(key: string): string;
  change(key: string, value: unknown): void;
  blur(key: string): void;
  /** Registers an answer on its way (FieldWidgetProps.onWork); a send waits for all of them. */
  working(work: Promise<unknown>): void;
  /** View mode: what a field hidden from this reader says instead of its answer (anonymous screening), or undefined. */
  hiddenText(key: string): string | undefined;
  /**
   * The field whose errors the page arrived with first (a form sent without script, refused):
   * its message carries `autofocus`, so the browser takes the applicant there with no script.
   */
  focusKey?: string;
}

export const RuntimeContext = createContext<FormRuntime | null>(null);

export function useRuntime(): FormRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('Form fields must be rendered inside <ApplicationForm>.');
  return runtime;
}

/** The answer of one key; re-renders only when that key changes. */
export function useAnswer(key: string): unknown {
  const { store } = useRuntime();
  return useSyncExternalStore(
    (l) => store.subscribeKey(key, l),
    () => store.get(key),
    () => store.get(key),
  );
}

export function useFieldErrors(key: string): readonly FieldError[] {
  const { store } = useRuntime();
  return useSyncExternalStore(
    (l) => store.subscribeKey(key, l),
    () => store.errorsOf(key),
    () => store.errorsOf(key),
  );
}

/** Every answer; for view-mode containers, which summarise several keys. */
export function useAllAnswers(): Answers {
  const { store } = useRuntime();
  return useSyncExternalStore(
    (l) => store.subscribeAll(l),
    store.snapshot,
    store.snapshot,
  );
}

import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { allHold, type FieldCondition } from '../conditions';
import { useRuntime } from './runtime';

/**
 * Whether these rules hold for the answers now (engine/conditions.ts); re-renders only when
 * the verdict flips, not on every keystroke elsewhere in the form.
 */
export function useConditions(conditions: readonly FieldCondition[] | undefined): boolean {
  const { store } = useRuntime();
  const conditional = conditions !== undefined;
  // Stable while the field renders again: no new subscription per render.
  const subscribe = useCallback((l: () => void) => (conditional ? store.subscribeAll(l) : () => {}), [store, conditional]);
  const holds = () => allHold(conditions, store.snapshot());
  return useSyncExternalStore(subscribe, holds, holds);
}

/**
 * A field or group with a `visibleWhen`: rendered only while its rules hold (live, as the
 * applicant answers). The builder's preview (edit mode) shows every field.
 */
export function Shown({ when, children }: { when?: FieldCondition[]; children: ReactNode }) {
  const { mode } = useRuntime();
  const holds = useConditions(mode === 'edit' ? undefined : when);
  return holds ? <>{children}</> : null;
}

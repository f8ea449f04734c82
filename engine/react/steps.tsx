/**
 * Steps on the apply page (issue 18 item 2): which top-level nodes the current step shows,
 * its heading ('Steg 2 av 4') and the buttons between steps. The buttons are submit buttons
 * with a name and value, so the same markup works as a plain HTML form (server round trips,
 * server/routes/apply-form.ts) and with the script (ApplicationForm reads the submitter).
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { CARRY_FIELD, keysOfStep, NAV_FIELD, STEP_FIELD, stepIndex, stepsOf, type FormStep, type StepNav } from '../steps';
import type { LayoutNode } from './contract';
import { fill, t } from './messages';
import { focusField } from './tree';


/** The top-level keys shown now; null: every node (one page, the builder, view mode). */
export const StepContext = createContext<ReadonlySet<string> | null>(null);

export function useShownTopLevel(): ReadonlySet<string> | null {
  return useContext(StepContext);
}

export interface StepState {
  steps: FormStep<LayoutNode>[];
  /** More than one step and the applicant is filling in the form. */
  multi: boolean;
  index: number;
  current: FormStep<LayoutNode>;
  /** Top-level keys of the current step (for StepContext), null when one page. */
  shown: ReadonlySet<string> | null;
  /** Every key of the current step, children included: what "validate this step" checks. */
  keys: ReadonlySet<string>;
  /** Moves to a step; focus goes to its heading, or to the field with id `focusId` (a refusal there). */
  go(index: number, focusId?: string): void;
  /** The step that holds `key`, or -1. */
  stepOf(key: string): number;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

/** The step machinery of one form; focus moves to the step's heading whenever the step changes. */
export function useSteps(layout: readonly LayoutNode[], enabled: boolean, initial: number | undefined, onStep?: (index: number) => void): StepState {
  const steps = useMemo(() => stepsOf(layout), [layout]);
  const multi = enabled && steps.length > 1;
  const [index, setIndex] = useState(() => stepIndex(initial ?? 0, steps.length));
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const moved = useRef(false);
  const focusTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (initial !== undefined) setIndex(stepIndex(initial, steps.length));
  }, [initial, steps.length]);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const field = focusTo.current;
    focusTo.current = undefined;
    if (field && focusField(field)) return;
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  }, [index]);
  const safe = stepIndex(index, steps.length);
  const current = steps[safe]!;
  const allKeys = useMemo(() => steps.map(keysOfStep), [steps]);
  const shown = useMemo(() => (multi ? new Set(current.nodes.map((n) => n.key)) : null), [multi, current]);
  const onStepRef = useRef(onStep);
  onStepRef.current = onStep;
  return {
    steps,
    multi,
    index: safe,
    current,
    shown,
    keys: allKeys[safe]!,
    headingRef,
    go(next, focusId) {
      const to = stepIndex(next, steps.length);
      moved.current = true;
      focusTo.current = focusId;
      setIndex(to);
      onStepRef.current?.(to);
    },
    stepOf: (key) => allKeys.findIndex((k) => k.has(key)),
  };
}

/** 'Steg 2 av 4' and the step's title, focusable so a step change can move focus here. */
export function StepHeading({ state, id }: { state: StepState; id: string }) {
  return (
    <h2 id={id} ref={state.headingRef} tabIndex={-1} className="blk-step-title">
      <span className="blk-step-progress">{fill(t.steps.progress, { n: state.index + 1, count: state.steps.length })}</span>
      {state.current.title && <span className="blk-step-name">{state.current.title}</span>}
    </h2>
  );
}

/**
 * Next (or the submit on the last step) first, so Enter in a field goes forward; back after.
 * The hidden field says which step the posted answers belong to (no-script round trips).
 */
export function StepButtons({ state, submitLabel, disabled }: { state: StepState; submitLabel: string; disabled?: boolean }) {
  const last = state.index === state.steps.length - 1;
  return (
    <div className="blk-step-nav">
      <input type="hidden" name={STEP_FIELD} value={state.index} />
      {last ? (
        <button type="submit" name={NAV_FIELD} value="send" className="blk-submit" disabled={disabled}>
          {submitLabel}
        </button>
      ) : (
        <button type="submit" name={NAV_FIELD} value="next" className="blk-submit" disabled={disabled}>
          {t.steps.next}
        </button>
      )}
      {state.index > 0 && (
        <button type="submit" name={NAV_FIELD} value="back" formNoValidate className="blk-step-back" disabled={disabled}>
          {t.steps.back}
        </button>
      )}
    </div>
  );
}

/** Which button sent the form: the submitter's value, else forward (Enter in a field). */
export function navOf(event: { nativeEvent: Event }): StepNav {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const value = submitter?.getAttribute('name') === NAV_FIELD ? submitter.getAttribute('value') : null;
  return value === 'back' || value === 'send' || value === 'refresh' ? value : 'next';
}

function hasConditions(nodes: readonly LayoutNode[]): boolean {
  return nodes.some((n) => n.visibleWhen !== undefined || n.requiredWhen !== undefined || (n.children !== undefined && hasConditions(n.children)));
}

/**
 * What only a form without script needs: the answers of the other steps (the page holds one
 * step's fields) and, while no script runs, a button that redraws the form for the answers so
 * far (a field shown by a condition appears after the round trip). Gone once the page is live.
 */
export function NativeExtras({ layout, steps, answers }: { layout: readonly LayoutNode[]; steps: StepState; answers?: Record<string, unknown> }) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const carried = useMemo(() => {
    if (!steps.multi || !answers) return null;
    const out = Object.fromEntries(Object.entries(answers).filter(([k]) => !steps.keys.has(k)));
    return Object.keys(out).length ? JSON.stringify(out) : null;
  }, [answers, steps.multi, steps.keys]);
  const conditional = useMemo(() => hasConditions(layout), [layout]);
  return (
    <>
      {carried && <input type="hidden" name={CARRY_FIELD} value={carried} />}
      {conditional && !live && (
        <button type="submit" name={NAV_FIELD} value="refresh" formNoValidate className="blk-step-back">
          {t.steps.refresh}
        </button>
      )}
    </>
  );
}

import type { Answers, FieldError } from './contract';

type Listener = () => void;
const NO_ERRORS: readonly FieldError[] = Object.freeze([]);

/**
 * The answers and errors of one rendered form, with a subscription per key.
 *
 * Why not RJSF's own state: @rjsf/core v6 re-derives the whole form state (defaults,
 * retrieved schema, registry compare) on every change, ~20 ms per keystroke on a 200-field
 * form even though its fields are memoised. Keeping the answers here lets a keystroke
 * re-render only the field whose key changed; RJSF still lays out and dispatches the fields.
 */
export class AnswerStore {
  private values: Answers;
  private errors = new Map<string, readonly FieldError[]>();
  private readonly keyListeners = new Map<string, Set<Listener>>();
  private readonly allListeners = new Set<Listener>();

  constructor(initial: Answers = {}) {
    this.values = { ...initial };
  }

  get = (key: string): unknown => this.values[key];

  /** The current answers; a new object after every change, so it can be handed out as is. */
  snapshot = (): Answers => this.values;

  set(key: string, value: unknown): void {
    if (Object.is(this.values[key], value)) return;
    const next = { ...this.values };
    if (value === undefined) delete next[key];
    else next[key] = value;
    this.values = next;
    this.emit([key]);
  }

  /** Takes over answers given from outside; only keys whose value differs are notified. */
  replace(answers: Answers): void {
    if (answers === this.values) return;
    const changed = new Set<string>();
    for (const key of Object.keys(answers)) if (!Object.is(answers[key], this.values[key])) changed.add(key);
    for (const key of Object.keys(this.values)) if (!(key in answers)) changed.add(key);
    this.values = { ...answers };
    if (changed.size) this.emit([...changed]);
  }

  errorsOf = (key: string): readonly FieldError[] => this.errors.get(key) ?? NO_ERRORS;

  allErrors(): FieldError[] {
    return [...this.errors.values()].flat();
  }

  /** Replaces the errors of `keys` (all keys when omitted) with those of `errors` that belong to them. */
  setErrors(errors: readonly FieldError[], keys?: Iterable<string>): void {
    const scope = keys ? new Set(keys) : undefined;
    const next = new Map<string, FieldError[]>();
    for (const error of errors) {
      if (scope && !scope.has(error.key)) continue;
      const list = next.get(error.key) ?? [];
      if (!list.some((e) => e.message === error.message)) list.push(error);
      next.set(error.key, list);
    }
    const touched = new Set<string>(scope ?? [...this.errors.keys(), ...next.keys()]);
    const changed: string[] = [];
    for (const key of touched) {
      const before = this.errors.get(key) ?? NO_ERRORS;
      const after = next.get(key) ?? NO_ERRORS;
      if (sameErrors(before, after)) continue;
      if (after.length) this.errors.set(key, after);
      else this.errors.delete(key);
      changed.push(key);
    }
    if (changed.length) this.emit(changed);
  }

  subscribeKey(key: string, listener: Listener): () => void {
    let set = this.keyListeners.get(key);
    if (!set) this.keyListeners.set(key, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  subscribeAll(listener: Listener): () => void {
    this.allListeners.add(listener);
    return () => this.allListeners.delete(listener);
  }

  private emit(keys: string[]): void {
    for (const key of keys) this.keyListeners.get(key)?.forEach((l) => l());
    this.allListeners.forEach((l) => l());
  }
}

function sameErrors(a: readonly FieldError[], b: readonly FieldError[]): boolean {
  return a.length === b.length && a.every((e, i) => e.message === b[i]?.message && e.validator === b[i]?.validator);
}

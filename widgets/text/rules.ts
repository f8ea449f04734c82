/**
 * Text input rules (spec doc 2 §5 "Other rules"):
 * - counter: shown as x/max when fewer than 10 characters remain, red when exceeded. The
 *   maximum is the answer schema's `maxLength`, else the field's `data.maxLength`.
 * - revert: a change is accepted only if the field's optional validator passes, otherwise the
 *   value reverts. The validator is an `accept(value)` predicate: `ui:options.accept` when a
 *   caller builds the uiSchema in code, else `data.pattern` when the field type's data allows
 *   one, a regular expression every intermediate value must match (e.g. '^[0-9 +-]*$'). An
 *   empty value is always accepted so the field can be cleared; an invalid pattern accepts all.
 */

export const COUNTER_THRESHOLD = 10;

function dataField(data: unknown, name: string): unknown {
  return data && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;
}

export function maxLengthOf(schema: Record<string, unknown>, data: unknown): number | undefined {
  for (const candidate of [schema.maxLength, dataField(data, 'maxLength')]) {
    const n = typeof candidate === 'string' ? Number(candidate) : candidate;
    if (typeof n === 'number' && Number.isInteger(n) && n > 0) return n;
  }
  return undefined;
}

export interface CounterState {
  visible: boolean;
  exceeded: boolean;
  count: number;
  max: number;
}

export function counterState(value: string, max: number | undefined): CounterState | undefined {
  if (max === undefined) return undefined;
  const count = [...value].length;
  return { visible: max - count < COUNTER_THRESHOLD, exceeded: count > max, count, max };
}

const patternCache = new Map<string, RegExp | null>();

/** The field's accept predicate, or undefined when it has none. */
export function acceptPredicate(data: unknown): ((value: string) => boolean) | undefined {
  const pattern = dataField(data, 'pattern');
  if (typeof pattern !== 'string' || !pattern) return undefined;
  if (!patternCache.has(pattern)) {
    try {
      patternCache.set(pattern, new RegExp(pattern, 'u'));
    } catch {
      patternCache.set(pattern, null);
    }
  }
  const re = patternCache.get(pattern);
  if (!re) return undefined;
  return (value) => value === '' || re.test(value);
}

/** Browser autofill hints for the spec's special form keys. */
const AUTOCOMPLETE: Record<string, { autoComplete: string; inputMode?: 'tel' | 'numeric' | 'email' | 'url' }> = {
  form_firstname: { autoComplete: 'given-name' },
  form_surname: { autoComplete: 'family-name' },
  form_ssn: { autoComplete: 'off', inputMode: 'numeric' },
  form_address: { autoComplete: 'address-line1' },
  form_zipcode: { autoComplete: 'postal-code', inputMode: 'numeric' },
  form_city: { autoComplete: 'address-level2' },
  form_mobilePhone: { autoComplete: 'tel', inputMode: 'tel' },
  form_homePhone: { autoComplete: 'tel', inputMode: 'tel' },
  form_email: { autoComplete: 'email', inputMode: 'email' },
  form_linkedInUrl: { autoComplete: 'url', inputMode: 'url' },
};

export function autofillFor(key: string) {
  return AUTOCOMPLETE[key];
}

export function joinIds(...ids: (string | undefined | false)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length ? list.join(' ') : undefined;
}

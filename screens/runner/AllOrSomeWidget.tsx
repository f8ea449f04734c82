import type { WidgetProps } from '@rjsf/utils';

/**
 * 'allOrSome': a multi-select array as checkboxes in a fieldset, where "every option" is
 * stored as an absent value (so options added later are included too): absent shows every
 * box ticked, and ticking them all sends nothing. The preferences' notification types use it.
 */
export function AllOrSomeWidget({ id, label, value, onChange, options, disabled, readonly }: WidgetProps) {
  const all = (options.enumOptions ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  const chosen = new Set(Array.isArray(value) ? (value as unknown[]).map(String) : all.map((o) => o.value));
  const toggle = (v: string, on: boolean) => {
    const next = all.map((o) => o.value).filter((x) => (x === v ? on : chosen.has(x)));
    onChange(next.length === all.length ? undefined : next);
  };
  return (
    <fieldset className="adm-fieldset scr-section" id={id}>
      <legend>{label}</legend>
      {all.map((o, i) => (
        <div className="checkbox" key={o.value}>
          <input id={`${id}-${i}`} type="checkbox" checked={chosen.has(o.value)} disabled={disabled || readonly} onChange={(e) => toggle(o.value, e.target.checked)} />
          <label htmlFor={`${id}-${i}`}>{o.label}</label>
        </div>
      ))}
    </fieldset>
  );
}

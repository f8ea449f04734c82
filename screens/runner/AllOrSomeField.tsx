import type { FieldProps, RegistryFieldsType } from '@rjsf/utils';

type Option = { const?: unknown; title?: string };

/**
 * 'allOrSome' (a `ui:field`, since RJSF hands widgets an absent array as []): a multi-select
 * array (items `oneOf` const/title) as checkboxes in a fieldset, where "every option" is stored
 * as an absent value, so options added later are included too: absent shows every box ticked,
 * and ticking them all sends nothing; none ticked is an empty list. The profile's
 * notification types use it.
 */
function AllOrSomeField({ schema, formData, onChange, fieldPathId, disabled, readonly }: FieldProps) {
  const items = (schema.items ?? {}) as { oneOf?: Option[] };
  const all = (items.oneOf ?? []).map((o) => ({ value: String(o.const), label: o.title ?? String(o.const) }));
  const chosen = new Set(Array.isArray(formData) ? (formData as unknown[]).map(String) : all.map((o) => o.value));
  const toggle = (v: string, on: boolean) => {
    const next = all.map((o) => o.value).filter((x) => (x === v ? on : chosen.has(x)));
    onChange(next.length === all.length ? undefined : next, fieldPathId.path);
  };
  const id = fieldPathId.$id;
  return (
    <fieldset className="adm-fieldset scr-section" id={id}>
      <legend>{schema.title}</legend>
      {all.map((o, i) => (
        <div className="checkbox" key={o.value}>
          <input id={`${id}-${i}`} type="checkbox" checked={chosen.has(o.value)} disabled={disabled || readonly} onChange={(e) => toggle(o.value, e.target.checked)} />
          <label htmlFor={`${id}-${i}`}>{o.label}</label>
        </div>
      ))}
    </fieldset>
  );
}

/** The admin fields of form screens, named by `ui:field` in a screen's uiSchema. */
export const adminFields: RegistryFieldsType = { allOrSome: AllOrSomeField };

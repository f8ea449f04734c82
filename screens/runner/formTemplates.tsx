/** What a form screen hands RJSF besides the schema: its templates and the uiSchema it draws with. */
import { getDefaultRegistry } from '@rjsf/core';
import type { BaseInputTemplateProps, ObjectFieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import sv from '../../schemas/messages/sv.json';
import { readonlyNames } from './formPart';
import type { ScreenFile } from './types';
import type { Data } from './useScreenData';
import { SELF_LABELLED } from './widgets';

const CoreInput = getDefaultRegistry().templates.BaseInputTemplate;

type Section = NonNullable<ScreenFile['sections']>[number];

/**
 * The root object's fields: the form's `ui:description` (what the author wrote above the fields; RJSF's own
 * template drew it, this one had left it out), then fieldsets, one per section (JSON Forms' Group); fields in no section follow.
 */
function SectionedFields(props: ObjectFieldTemplateProps) {
  const sections = (props.registry.formContext as { sections?: Section[] } | undefined)?.sections;
  const root = props.fieldPathId.path.length === 0;
  const description = root ? props.uiSchema?.['ui:description'] : undefined;
  const intro = typeof description === 'string' ? <p className="adm-hint">{description}</p> : null;
  if (!sections || !root) {
    return (
      <>
        {intro}
        {props.properties.map((p) => (p.hidden ? null : <div key={p.name}>{p.content}</div>))}
      </>
    );
  }
  const byName = new Map(props.properties.map((p) => [p.name, p]));
  const placed = new Set(sections.flatMap((s) => s.fields.filter((f): f is string => typeof f === 'string')));
  const rest = props.properties.filter((p) => !placed.has(p.name) && !p.hidden);
  return (
    <>
      {intro}
      {sections.map((s, i) => (
        <fieldset key={s.title ?? i} className="adm-fieldset scr-section">
          {s.title && <legend>{s.title}</legend>}
          {s.description && <p className="adm-hint">{s.description}</p>}
          {s.fields.map((f) => (typeof f === 'string' ? byName.get(f)?.content : null))}
        </fieldset>
      ))}
      {rest.map((p) => p.content)}
    </>
  );
}

/** The uiSchema with the save button's Swedish text and RJSF's label hidden for widgets that label themselves. */
export function uiSchemaOf(ui: UiSchema | undefined): UiSchema {
  const walk = (node: UiSchema): UiSchema => {
    const out: UiSchema = {};
    for (const [k, v] of Object.entries(node)) out[k] = v && typeof v === 'object' && !Array.isArray(v) && !k.startsWith('ui:') ? walk(v as UiSchema) : v;
    if (typeof node['ui:widget'] === 'string' && SELF_LABELLED.has(node['ui:widget'])) out['ui:label'] = false;
    return out;
  };
  return { 'ui:submitButtonOptions': { submitText: sv.screens.save }, ...walk(ui ?? {}) };
}

/**
 * The uiSchema with the fields the loaded data names at `readonlyFrom` read-only (those without
 * a value hidden), and no save button when every field is read-only. The names too: [] when none.
 */
export function withReadonly(ui: UiSchema, schema: RJSFSchema, path: string | undefined, data: Data | undefined): { ui: UiSchema; names: string[] } {
  const names = readonlyNames(path, data);
  if (!names.length) return { ui, names };
  const out: UiSchema = { ...ui };
  for (const name of names) {
    const value = data?.[name];
    out[name] = { ...((ui[name] as UiSchema | undefined) ?? {}), ...(value === undefined || value === '' ? { 'ui:widget': 'hidden' } : { 'ui:readonly': true }) };
  }
  const fields = Object.keys(schema.properties ?? {});
  if (fields.every((f) => names.includes(f))) out['ui:submitButtonOptions'] = { ...((ui['ui:submitButtonOptions'] as object | undefined) ?? {}), norender: true };
  return { ui: out, names };
}

/** Text inputs say when they are refused (`aria-invalid`), as the secret widget does: RJSF's own input does not. */
function InputTemplate(props: BaseInputTemplateProps) {
  const invalid = props.rawErrors?.length ? { 'aria-invalid': true } : {};
  return <CoreInput {...props} {...invalid} />;
}
export const templates = { ObjectFieldTemplate: SectionedFields, BaseInputTemplate: InputTemplate };

/**
 * The save button: disabled (and saying `busy`, when given) while the save is under way. As
 * `aria-disabled`, not `disabled`: a disabled button drops the focus to the page, and a keyboard
 * user would start again from the top after every save (useFormPart ignores a second submit).
 */
export function withBusy(ui: UiSchema, busy: boolean, text: string | undefined): UiSchema {
  if (!busy) return ui;
  const options = (ui['ui:submitButtonOptions'] as { submitText?: string; props?: object } | undefined) ?? {};
  return { ...ui, 'ui:submitButtonOptions': { ...options, ...(text ? { submitText: text } : {}), props: { ...options.props, 'aria-disabled': true, 'aria-busy': true } } };
}

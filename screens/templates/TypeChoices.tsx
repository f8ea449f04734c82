import sv from '../../schemas/messages/sv.json';
import type { PositionType } from '../runner/session/session';
import type { TemplateType } from './templateApi';

const t = sv.admin.templates;

/** Which position types the template is offered for, and for which it is the default. */
export function TypeChoices({ types, value, onChange }: { types: PositionType[]; value: TemplateType[]; onChange(next: TemplateType[]): void }) {
  const entry = (id: number) => value.find((v) => v.positionTypeId === id);
  const set = (pt: PositionType, patch: Partial<TemplateType>) => {
    const current = entry(pt.id) ?? { positionTypeId: pt.id, positionTypeName: pt.name, included: false, default: false };
    let next = { ...current, ...patch, positionTypeName: pt.name };
    // A default template is always offered; a template no longer offered is no default.
    if (patch.default) next = { ...next, included: true };
    if (patch.included === false) next = { ...next, default: false };
    onChange([...value.filter((v) => v.positionTypeId !== pt.id), next].sort((a, b) => a.positionTypeId - b.positionTypeId));
  };
  return (
    <fieldset className="adm-fieldset">
      <legend>{t.types}</legend>
      {types.length === 0 && <p>{t.noTypes}</p>}
      {types.map((pt) => {
        const e = entry(pt.id);
        return (
          <div key={pt.id} className="adm-type-row" role="group" aria-labelledby={`tpl-type-${pt.id}`}>
            <span id={`tpl-type-${pt.id}`} className="adm-type-name">
              {pt.name}
            </span>
            <span className="adm-check">
              <input id={`tpl-inc-${pt.id}`} type="checkbox" checked={!!e?.included} onChange={(ev) => set(pt, { included: ev.target.checked })} />
              <label htmlFor={`tpl-inc-${pt.id}`}>{t.included}</label>
            </span>
            <span className="adm-check">
              <input id={`tpl-def-${pt.id}`} type="checkbox" checked={!!e?.default} onChange={(ev) => set(pt, { default: ev.target.checked })} />
              <label htmlFor={`tpl-def-${pt.id}`}>{t.isDefault}</label>
            </span>
          </div>
        );
      })}
      <p className="adm-hint">{t.defaultHint}</p>
    </fieldset>
  );
}

/** Whether the template is an application form or a reference form (issue 30 item 3). */
export function KindChoice({ value, onChange }: { value: 'application' | 'reference'; onChange(next: 'application' | 'reference'): void }) {
  const r = sv.references.template;
  return (
    <>
      <label htmlFor="tpl-kind">{r.kind}</label>
      <select id="tpl-kind" value={value} onChange={(e) => onChange(e.target.value === 'reference' ? 'reference' : 'application')}>
        <option value="application">{r.application}</option>
        <option value="reference">{r.reference}</option>
      </select>
    </>
  );
}

import sv from '../../schemas/messages/sv.json';
import { RIGHTS, toggleRight, type RightId } from './rights';

/**
 * The one control for a colleague's organisation rights, when adding and when editing a user:
 * a checkbox per right with what it allows (toggleRight keeps Skriva with Administratör). A
 * stored Administratör without Skriva (the access rules count it as Skriva too) shows Skriva ticked.
 */
export function RightsPicker({ idPrefix, value, onChange }: { idPrefix: string; value: readonly RightId[]; onChange(next: RightId[]): void }) {
  return (
    <fieldset className="adm-fieldset">
      <legend>{sv.org.rightsLegend}</legend>
      {RIGHTS.map((r) => (
        <div className="adm-check adm-check-hinted" key={r.id}>
          <input
            id={`${idPrefix}-${r.id}`}
            type="checkbox"
            checked={value.includes(r.id) || (r.id === 2 && value.includes(1))}
            onChange={(e) => onChange(toggleRight(value, r.id, e.target.checked))}
            aria-describedby={`${idPrefix}-${r.id}-hint`}
          />
          <label htmlFor={`${idPrefix}-${r.id}`}>{r.label}</label>
          <span id={`${idPrefix}-${r.id}-hint`} className="adm-hint">
            {r.hint}
          </span>
        </div>
      ))}
    </fieldset>
  );
}

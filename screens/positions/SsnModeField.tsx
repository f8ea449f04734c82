import sv from '../../schemas/messages/sv.json';
import type { SsnMode } from '../../engine/ssn-mode';

const t = sv.privacy;
const MODES: SsnMode[] = ['birthDate', 'ssnOrBirthDate', 'ssn'];

/**
 * The form's own personnummer mode (issue 28 item 3), in the ad builder's form settings: ''
 * follows the organisation's choice (the GDPR desk). A form that has chosen its own keeps it
 * (the server has no way back to the organisation's), so '' is then not offered.
 */
export function SsnModeField({ value, own, onChange }: { value: SsnMode | ''; own: boolean; onChange(mode: SsnMode | ''): void }) {
  return (
    <div className="adm-form">
      <label htmlFor="ad-ssnMode">{t.formSsnMode}</label>
      <select id="ad-ssnMode" aria-describedby="ad-ssnMode-help" value={value} onChange={(e) => onChange(e.target.value as SsnMode | '')}>
        {!own && <option value="">{t.formSsnModeOrganisation}</option>}
        {MODES.map((m) => (
          <option key={m} value={m}>
            {t.ssnMode[m]}
          </option>
        ))}
      </select>
      <p id="ad-ssnMode-help" className="adm-hint">
        {t.formSsnModeHelp}
      </p>
    </div>
  );
}

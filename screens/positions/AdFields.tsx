import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import type { Container } from '../runner/session/session';
import { RichText } from '../shared/RichTextLazy';
import { AdBannerPicker, AdPreview, AdTextTemplates } from '../org/AdExtras';

const t = sv.admin.ads;
const a = sv.personFields.anonymous;

/** The position's own fields as the ad builder edits them (dates as Stockholm YYYY-MM-DD). */
export interface AdDraft {
  name: string;
  text: string;
  description: string;
  city: string;
  startDate: string;
  stopDate: string;
  isInternal: boolean;
  positionTypeId: number;
  responsibleId: number | '';
  /** The ad image ('Annonsbilder'): its public URL, '' for none. */
  banner: string;
  /** Anonymous screening: '' off, 'hold' until turned off, else a Process level's id (server/domain/screening.ts). */
  anonymous: string;
}

type Anonymity = { untilProcessLabelId: number | null } | null;

/** The stored anonymous mode as the select's value. */
export function anonymityToDraft(a: Anonymity | undefined): string {
  if (!a) return '';
  return a.untilProcessLabelId === null ? 'hold' : String(a.untilProcessLabelId);
}

/** The select's value as create_position / update_position take it. */
export function draftToAnonymity(v: string): Anonymity {
  if (v === '') return null;
  return { untilProcessLabelId: v === 'hold' ? null : Number(v) };
}

export type AdErrors = Partial<Record<keyof AdDraft, string>>;

/** What is wrong with the draft, per field, in Swedish. */
export function adErrors(d: AdDraft): AdErrors {
  const e: AdErrors = {};
  if (!d.name.trim()) e.name = t.nameRequired;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d.startDate)) e.startDate = t.dateRequired;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d.stopDate)) e.stopDate = t.dateRequired;
  if (!e.startDate && !e.stopDate && d.stopDate < d.startDate) e.stopDate = t.stopBeforeStart;
  if (!d.positionTypeId) e.positionTypeId = t.typeRequired;
  return e;
}

function Err({ id, text }: { id: string; text: string | undefined }) {
  return (
    <p id={id} className="adm-form-error">
      {text ?? ''}
    </p>
  );
}

export function AdFields({ draft, errors, showErrors, container, onChange }: {
  draft: AdDraft;
  errors: AdErrors;
  showErrors: boolean;
  container: Container;
  onChange(patch: Partial<AdDraft>): void;
}) {
  const err = (k: keyof AdDraft) => (showErrors ? errors[k] : undefined);
  const people = container.permissions ?? [];
  const field = (k: keyof AdDraft) => ({ 'aria-invalid': !!err(k), 'aria-describedby': `ad-${k}-error` });
  const levels = (container.labels ?? []).filter((l) => l.labelType === 'Process');
  return (
    <div className="adm-form">
      <label htmlFor="ad-name">{t.name} *</label>
      <input id="ad-name" value={draft.name} maxLength={300} required {...field('name')} onChange={(e) => onChange({ name: e.target.value })} />
      <Err id="ad-name-error" text={err('name')} />
      <label htmlFor="ad-description">{t.description}</label>
      <input id="ad-description" value={draft.description} maxLength={5000} {...field('description')} onChange={(e) => onChange({ description: e.target.value })} />
      <Err id="ad-description-error" text={err('description')} />
      <AdTextTemplates containerId={container.id} onInsert={(html) => onChange({ text: draft.text + html })} />
      <RichText id="ad-text" label={t.text} value={draft.text} invalid={!!err('text')} describedBy="ad-text-error" onChange={(html) => onChange({ text: html })} />
      <Err id="ad-text-error" text={err('text')} />
      <AdBannerPicker containerId={container.id} value={draft.banner} onChange={(banner) => onChange({ banner })} />
      <label htmlFor="ad-city">{t.city}</label>
      <input id="ad-city" value={draft.city} maxLength={300} {...field('city')} onChange={(e) => onChange({ city: e.target.value })} />
      <Err id="ad-city-error" text={err('city')} />
      <div className="adm-row">
        <div>
          <label htmlFor="ad-startDate">{t.start} *</label>
          <input id="ad-startDate" type="date" value={draft.startDate} required {...field('startDate')} onChange={(e) => onChange({ startDate: e.target.value })} />
          <Err id="ad-startDate-error" text={err('startDate')} />
        </div>
        <div>
          <label htmlFor="ad-stopDate">{t.stop} *</label>
          <input id="ad-stopDate" type="date" value={draft.stopDate} required {...field('stopDate')} onChange={(e) => onChange({ stopDate: e.target.value })} />
          <Err id="ad-stopDate-error" text={err('stopDate')} />
        </div>
      </div>
      <p className="adm-hint">{t.datesHint}</p>
      <div className="adm-row">
        <div>
          <label htmlFor="ad-positionTypeId">{t.type} *</label>
          <select id="ad-positionTypeId" value={draft.positionTypeId || ''} {...field('positionTypeId')} onChange={(e) => onChange({ positionTypeId: Number(e.target.value) })}>
            {container.positionTypes.map((pt) => (
              <option key={pt.id} value={pt.id}>
                {pt.name}
              </option>
            ))}
          </select>
          <Err id="ad-positionTypeId-error" text={err('positionTypeId')} />
        </div>
        <div>
          <label htmlFor="ad-responsibleId">{t.responsible}</label>
          <select id="ad-responsibleId" value={draft.responsibleId} onChange={(e) => onChange({ responsibleId: e.target.value ? Number(e.target.value) : '' })}>
            <option value="">{t.noResponsible}</option>
            {people.map((p) => (
              <option key={p.userId} value={p.userId}>
                {`${p.firstname ?? ''} ${p.lastname ?? ''}`.trim() || p.email}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label htmlFor="ad-anonymous">{a.label}</label>
      <select id="ad-anonymous" aria-describedby="ad-anonymous-help" value={draft.anonymous} onChange={(e) => onChange({ anonymous: e.target.value })}>
        <option value="">{a.off}</option>
        <option value="hold">{a.never}</option>
        {levels.map((l) => (
          <option key={l.id} value={String(l.id)}>
            {fill(a.from, { level: l.name })}
          </option>
        ))}
      </select>
      <p id="ad-anonymous-help" className="adm-hint">
        {a.help}
      </p>
      <div className="adm-check">
        <input id="ad-isInternal" type="checkbox" checked={draft.isInternal} onChange={(e) => onChange({ isInternal: e.target.checked })} />
        <label htmlFor="ad-isInternal">{t.internal}</label>
      </div>
      <AdPreview draft={draft} />
    </div>
  );
}

import { useCallback, useEffect, useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { useSession } from '../runner/session/session';
import { useToast } from '../shared/toast';
import { RichText } from '../shared/RichTextLazy';
import { useMergeFields } from '../applicants/mail/useMergeFields';
import { DefaultTemplatesOffer } from './DefaultTemplatesOffer';
import { MergePreview } from '../applicants/mail/MergePreview';
import { emailTemplates, saveEmailTemplate, templateProperties, type EmailTemplate, type Label, type TemplateProperty } from '../applicants/mail/mailApi';
import '../shared/dialog.css';
import '../applicants/mail/mail.css';
import './templates.css';
import { BusyButton } from '../shared/BusyButton';

const t = sv.mail;

interface Draft {
  name: string;
  subject: string;
  content: string;
}

const same = (a: Draft, b: Draft) => a.name === b.name && a.subject === b.subject && a.content === b.content;

/**
 * The view block of /admin/templates/email/:positionTypeId (schemas/screens/templates-email-type.json;
 * the heading with the type's name, the not-found state, the link back and the help text are
 * blocks): one email template per Interest label and per Process level of the organisation for this position type.
 * Save stores the changed ones with update_containerTemplate: 'E-postmall uppdaterad' for one,
 * 'E-postmallar uppdaterade' for more. It stays code: a rich-text body per label with merge
 * fields put in at the caret of the subject or the body, saved together.
 */
export default function EmailTemplates() {
  const { positionTypeId } = useParams();
  const { container, handleError } = useSession();
  const toast = useToast();
  const typeId = Number(positionTypeId);
  const type = container?.positionTypes.find((p) => p.id === typeId);
  // Interest labels first, then the Process levels (issue 26: a move to a level offers its template too).
  const all = container?.labels ?? [];
  const labels = [...all.filter((l) => l.labelType === 'Interest'), ...all.filter((l) => l.labelType === 'Process')];
  const [state, setState] = useState<'loading' | 'error' | 'ready'>('loading');
  const [saved, setSaved] = useState<Map<number, Draft>>(new Map());
  const [drafts, setDrafts] = useState<Map<number, Draft>>(new Map());
  const [props, setProps] = useState<TemplateProperty[]>([]);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Map<number, string>>(new Map());
  const [message, setMessage] = useState<string | null>(null);

  const load = useCallback(() => {
    if (!container || !type) return;
    setState('loading');
    Promise.all([emailTemplates(container.id, { positionTypeId: type.id }), templateProperties()]).then(
      ([list, fields]) => {
        const byLabel = new Map<number, Draft>();
        for (const x of list) byLabel.set(x.labelId, { name: x.name, subject: x.subject, content: x.content });
        setSaved(byLabel);
        setDrafts(new Map(byLabel));
        setProps(fields);
        setState('ready');
      },
      (err: unknown) => {
        handleError(err);
        setState('error');
      },
    );
  }, [container, type, handleError]);
  useEffect(load, [load]);

  // No such type: the head block shows the not-found state.
  if (!container || !type) return null;

  const draftOf = (l: Label): Draft => drafts.get(l.id) ?? { name: l.name, subject: '', content: '' };
  const change = (l: Label, patch: Partial<Draft>) => setDrafts((d) => new Map(d).set(l.id, { ...draftOf(l), ...patch }));
  const changed = labels.filter((l) => {
    const d = drafts.get(l.id);
    if (!d) return false;
    const before = saved.get(l.id);
    return before ? !same(before, d) : d.subject.trim() !== '' || d.content.replace(/<[^>]*>/g, '').trim() !== '';
  });

  async function save() {
    setMessage(null);
    const missing = new Map<number, string>();
    for (const l of changed) if (!draftOf(l).subject.trim()) missing.set(l.id, t.subjectMissing);
    setProblems(missing);
    if (missing.size) return;
    if (!changed.length) return setMessage(t.nothingChanged);
    setBusy(true);
    const done: EmailTemplate[] = [];
    try {
      for (const l of changed) {
        const d = draftOf(l);
        done.push(await saveEmailTemplate({ containerId: container!.id, positionTypeId: type!.id, labelId: l.id, name: d.name.trim() || l.name, subject: d.subject, content: d.content }));
      }
      toast.show(done.length === 1 ? sv.toast.emailTemplateUpdated : sv.toast.emailTemplatesUpdated, 'success');
    } catch (err) {
      toast.show(handleError(err), 'error');
    } finally {
      // Whatever was stored is now the saved state; the rest stays a draft to try again.
      setSaved((s) => {
        const next = new Map(s);
        for (const x of done) next.set(x.labelId, { name: x.name, subject: x.subject, content: x.content });
        return next;
      });
      setDrafts((d) => {
        const next = new Map(d);
        for (const x of done) next.set(x.labelId, { name: x.name, subject: x.subject, content: x.content });
        return next;
      });
      setBusy(false);
    }
  }

  return (
    <div className="mt-page">
      <DefaultTemplatesOffer containerId={container.id} onAdded={load} />
      {state === 'loading' && <p role="status">{t.loading}</p>}
      {state === 'error' && (
        <p role="alert">
          {t.failedLoad}{' '}
          <button type="button" className="bk-btn" onClick={load}>
            {t.retry}
          </button>
        </p>
      )}
      {state === 'ready' && (
        <form
          className="mt-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {labels.map((l) => (
            <TemplateSection
              key={l.id}
              label={l}
              draft={draftOf(l)}
              fields={props}
              problem={problems.get(l.id)}
              company={container.displayName || container.name}
              onChange={(patch) => change(l, patch)}
            />
          ))}
          <div className="mt-actions">
            <BusyButton type="submit" className="bk-btn bk-btn-primary" busy={busy}>
              {busy ? t.saving : t.save}
            </BusyButton>
            <span aria-live="polite">{message}</span>
          </div>
        </form>
      )}
    </div>
  );
}

function TemplateSection({
  label,
  draft,
  fields,
  problem,
  company,
  onChange,
}: {
  label: Label;
  draft: Draft;
  fields: TemplateProperty[];
  problem?: string;
  company: string;
  onChange(patch: Partial<Draft>): void;
}) {
  const id = useId();
  const merge = useMergeFields(draft.subject, (subject) => onChange({ subject }));
  return (
    <fieldset className="mt-section">
      <legend>{fill(t.templateFor, { label: label.name })}</legend>
      {label.labelType === 'Process' ? <p className="mail-help">{t.processNote}</p> : label.isDefault && <p className="mail-help">{t.confirmationNote}</p>}
      <div className="mail-field">
        <label htmlFor={`${id}-name`}>{t.templateName}</label>
        <input id={`${id}-name`} value={draft.name} maxLength={100} onChange={(e) => onChange({ name: e.target.value })} />
      </div>
      <div className="mail-field">
        <label htmlFor={`${id}-subject`}>{t.templateSubject}</label>
        <input
          id={`${id}-subject`}
          ref={merge.subjectRef}
          value={draft.subject}
          maxLength={200}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onFocus={merge.onSubjectFocus}
          onChange={(e) => onChange({ subject: e.target.value })}
        />
        {problem && (
          <p id={`${id}-problem`} className="mail-problem">
            {problem}
          </p>
        )}
      </div>
      <div className="mail-field">
        <span id={`${id}-content-label`} className="mail-label">
          {t.templateContent}
        </span>
        <RichText
          key={fields.length > 0 ? 'chips' : 'plain'}
          mergeFields={fields.length > 0 ? fields : undefined}
          id={`${id}-content`}
          value={draft.content}
          onChange={(content) => onChange({ content })}
          labelledBy={`${id}-content-label`}
          describedBy={`${id}-help`}
          insertRef={merge.insertBody}
          onFocus={merge.onBodyFocus}
        />
      </div>
      <div role="group" aria-label={fill(t.templateFor, { label: label.name }) + ': ' + t.mergeFields} className="mail-merge">
        <span className="mail-label" aria-hidden="true">
          {t.mergeFields}
        </span>
        {fields.map((f) => (
          <button key={f.key} type="button" className="bk-btn mail-chip" onClick={() => merge.insert(f.placeholder)}>
            {f.label}
          </button>
        ))}
        <p id={`${id}-help`} className="mail-help">
          {t.mergeFieldsHelp}
        </p>
      </div>
      <MergePreview subject={draft.subject} body={draft.content} people={[]} company={company} />
    </fieldset>
  );
}

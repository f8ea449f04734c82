import { useEffect, useId, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { escapeHtml, sanitizeHtml } from '../../../engine/sanitize';
import { call } from '../call';
import './mail.css';

const t = sv.mail;

/** The merge values of a person as staff may see them (get_TemplateProperties keys). */
export type MergeValues = Record<string, string>;

/** The subject and body with the values filled in as the mail will read (values escaped in the HTML, as the server does). */
export function merged(subject: string, body: string, values: MergeValues): { subject: string; html: string } {
  const escaped = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)]));
  return { subject: fill(subject, values).replace(/[\r\n]+/g, ' ').trim(), html: sanitizeHtml(fill(body, escaped)) };
}

/** A made-up applicant for a template that has no recipient yet. */
const example = (company: string): MergeValues => ({ ...t.previewValues, company });

/** One application's values as its page shows them (an anonymous one: its neutral name, no contact details). */
async function valuesOf(id: number, company: string): Promise<MergeValues> {
  const a = await call('get_applicantPosition', { id });
  const { info } = a;
  return {
    firstname: info.firstname || info.name || '',
    lastname: info.lastname ?? '',
    name: info.name ?? '',
    email: a.email,
    phone: info.phone ?? '',
    city: info.city ?? '',
    position: a.position.name,
    company,
  };
}

/**
 * What the mail reads as for one person: a chooser among the recipients (or a made-up
 * applicant where there are none, on the templates page), then the subject and the body with
 * the merge fields filled in. Nothing is sent.
 */
export function MergePreview({ subject, body, people, company }: { subject: string; body: string; people: readonly { id: number; name?: string }[]; company: string }) {
  const id = useId();
  const [chosen, setChosen] = useState<number | ''>(people[0]?.id ?? '');
  const [values, setValues] = useState<MergeValues | 'loading' | 'failed'>(people.length ? 'loading' : example(company));
  useEffect(() => {
    if (chosen === '') return setValues(example(company));
    let live = true;
    setValues('loading');
    valuesOf(chosen, company).then(
      (v) => live && setValues(v),
      () => live && setValues('failed'),
    );
    return () => {
      live = false;
    };
  }, [chosen, company]);
  const mail = typeof values === 'object' ? merged(subject, body, values) : null;
  return (
    <section className="mail-preview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="mail-label">
        {t.preview}
      </h3>
      {people.length > 0 && (
        <div className="mail-field">
          <label htmlFor={`${id}-who`}>{t.previewFor}</label>
          <select id={`${id}-who`} value={chosen} onChange={(e) => setChosen(e.target.value === '' ? '' : Number(e.target.value))}>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name ?? `#${p.id}`}
              </option>
            ))}
            <option value="">{t.previewExample}</option>
          </select>
        </div>
      )}
      {people.length === 0 && <p className="mail-help">{t.previewExample}</p>}
      {values === 'loading' && <p role="status">{t.previewLoading}</p>}
      {values === 'failed' && <p className="mail-problem">{t.previewFailed}</p>}
      {mail && (
        <div className="mail-preview-box" data-testid="mail-preview">
          <p>
            <strong>{t.previewSubject}</strong> {mail.subject}
          </p>
          <div className="mail-preview-body" dangerouslySetInnerHTML={{ __html: mail.html }} />
        </div>
      )}
    </section>
  );
}

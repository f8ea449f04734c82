import { lazy, Suspense, useEffect, useId, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { dispatch } from '../../api';
import { useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { RichText, RichTextWaiting } from '../../shared/RichTextLazy';
import { useBusy } from '../../shared/useBusy';
import { useMergeFields } from './useMergeFields';
import { isValidEmail } from '../../../engine/email';
import { emailTemplates, outcomeLines, templateProperties, type EmailTemplate, type SendOutcome, type TemplateProperty } from './mailApi';
import { DialogFooter, DialogFrame } from '../../shared/DialogFrame';
import { loadChunk } from '../../chunks';
import './mail.css';

// The preview (and the sanitiser it draws the body with) loads with the open dialog, not with the page that may open it.
const MergePreview = lazy(() => loadChunk('MergePreview', () => import('./MergePreview')).then((m) => ({ default: m.MergePreview })));

const t = sv.mail;

/** One recipient: an application id, with the name and address when the caller has them. */
export interface MailRecipient {
  id: number;
  name?: string;
  email?: string;
  /** Hidden by anonymous screening: staff do not see the address, the mail goes to the application's own. */
  anonymous?: boolean;
}

/**
 * Props of the send-mail dialog, mounted by the position page (a selection), the applicant
 * page (one applicant) and the move-to-status flow (prefilled from the label's template).
 */
export interface SendEmailDialogProps {
  isOpen: boolean;
  /** Closed by the user (Avbryt, Escape) or after a send; `outcome` is the server's answer when something was sent. */
  onClose(outcome?: SendOutcome): void;
  /** The applications to mail. One → send_email (with an editable address); several → send_emailToApplicants. */
  recipients: MailRecipient[];
  /** The position the applications belong to. */
  positionId: number;
  /** The position's type: its templates are offered in the template chooser. */
  positionTypeId?: number;
  /** Prefill with this Interest label's template (after a move); sending records emailNotificationSent. */
  labelId?: number;
  /** Prefill subject and body (e.g. 'Skicka igen' from a failed send in the log). */
  initial?: { subject: string; body: string };
}

/**
 * Compose and send a mail to one applicant or a selection: subject and body with merge
 * fields from get_TemplateProperties (inserted at the cursor), a chooser of the position
 * type's email templates, and the outcome: 'E-post skickad', names without an address,
 * failed sends with 'Skicka igen'.
 */
export function SendEmailDialog({ isOpen, onClose, recipients, positionId, positionTypeId, labelId, initial }: SendEmailDialogProps) {
  const { container, handleError } = useSession();
  const toast = useToast();
  const ids = useId();
  // The merge fields; null until the server's list (or its failure) is known.
  const [props, setProps] = useState<TemplateProperty[] | null>(null);
  const [templates, setTemplates] = useState<EmailTemplate[] | null>(null);
  const [chosen, setChosen] = useState<number | ''>('');
  const [subject, setSubject] = useState(initial?.subject ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [email, setEmail] = useState(recipients[0]?.email ?? '');
  const { busy, run } = useBusy();
  const [problem, setProblem] = useState<string | null>(null);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [targets, setTargets] = useState<MailRecipient[]>(recipients);
  const merge = useMergeFields(subject, setSubject);
  // An Interest label or a Process level: both have templates (issue 26).
  const labels = container?.labels ?? [];
  const labelName = (id: number) => labels.find((l) => l.id === id)?.name ?? '';

  useEffect(() => {
    if (!isOpen) return;
    setTargets(recipients);
    setOutcome(null);
    setProblem(null);
    setSubject(initial?.subject ?? '');
    setBody(initial?.body ?? '');
    setEmail(recipients[0]?.email ?? '');
    setChosen('');
    templateProperties().then(setProps, () => setProps([]));
    if (!container) return;
    let live = true;
    emailTemplates(container.id, positionTypeId ? { positionTypeId } : {}).then(
      (list) => {
        if (!live) return;
        setTemplates(list);
        const preset = labelId !== undefined && !initial ? list.find((x) => x.labelId === labelId) : undefined;
        if (preset) pick(preset);
      },
      () => live && setTemplates([]),
    );
    return () => {
      live = false;
    };
    // Opening the dialog (again) starts from the caller's props at that moment, not on every change of them.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately keyed on opening only
  }, [isOpen]);

  function pick(tpl: EmailTemplate | undefined) {
    setChosen(tpl ? tpl.id : '');
    if (tpl) {
      setSubject(tpl.subject);
      setBody(tpl.content);
    }
  }

  // One applicant whose address staff see gets it in an editable field (send_email); an anonymous
  // one, or one whose address is hidden from the caller (protected identity: the server leaves it
  // out), is mailed at the address the application has (send_emailToApplicants), shown nowhere.
  const byAddress = recipients.length === 1 && !recipients[0]!.anonymous && !!recipients[0]!.email;
  const chosenLabel = templates?.find((x) => x.id === chosen)?.labelId ?? (initial ? undefined : labelId);

  async function send(to: MailRecipient[]) {
    // The address is checked here, in Swedish at the field (the browser's own check is English).
    const badEmail = byAddress && !isValidEmail(email.trim());
    setEmailProblem(badEmail ? sv.validators.validEmail : null);
    if (badEmail) return setProblem(null);
    if (!subject.trim()) return setProblem(t.subjectMissing);
    if (!body.replace(/<[^>]*>/g, '').trim()) return setProblem(t.bodyMissing);
    setProblem(null);
    const base = { subject: subject.trim(), body, ...(chosenLabel !== undefined ? { labelId: chosenLabel } : {}) };
    try {
      const result: SendOutcome = await run(() =>
        to.length === 1 && byAddress
          ? dispatch('send_email', { applicantId: to[0]!.id, email: email.trim(), ...base })
          : dispatch('send_emailToApplicants', { positionId, recipients: to.map((r) => r.id) as [number, ...number[]], ...base }),
      );
      if (result.sent.length && !result.failed.length && !result.missingEmail.length) {
        toast.show(sv.toast.emailSent, 'success');
        onClose(result);
        return;
      }
      if (result.sent.length) toast.show(sv.toast.emailSent, 'success');
      setOutcome(result);
      setTargets(to.filter((r) => result.failed.some((f) => f.id === r.id)));
    } catch (err) {
      setProblem(handleError(err));
    }
  }

  const lines = outcome && outcomeLines(outcome, recipients.length);
  const title = labelId !== undefined && !initial ? fill(t.dialogTitleTemplate, { label: labelName(labelId) }) : t.dialogTitle;
  return (
    <DialogFrame isOpen={isOpen} busy={busy} modalClass="mail-modal" title={title} onClose={() => onClose(outcome ?? undefined)}>
          <form
            className="mail-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              // Enter in a field while the send runs submits the form again (its button is pending, not a submit button then).
              if (busy) return;
              void send(outcome ? targets : recipients);
            }}
          >
            {/* The fields scroll; the outcome and the buttons stay put below them, whatever loads late. */}
            <div className="mail-body">
              <p className="mail-recipients" id={`${ids}-to`}>
                <strong>{t.recipients}:</strong>{' '}
                {recipients.length <= 3 ? recipients.map((r) => r.name ?? r.email ?? `#${r.id}`).join(', ') : fill(t.recipientsCount, { count: recipients.length })}
              </p>
              {byAddress && (
                <div className="mail-field">
                  <label htmlFor={`${ids}-email`}>{t.emailLabel}</label>
                  <input
                    id={`${ids}-email`}
                    type="email"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    autoComplete="off"
                    required
                    aria-invalid={emailProblem ? true : undefined}
                    aria-describedby={emailProblem ? `${ids}-email-error` : undefined}
                  />
                  {emailProblem && (
                    <p id={`${ids}-email-error`} className="adm-form-error" role="alert">
                      {emailProblem}
                    </p>
                  )}
                </div>
              )}
              <div className="mail-field">
                <label htmlFor={`${ids}-tpl`}>{t.template}</label>
                <select
                  id={`${ids}-tpl`}
                  value={chosen}
                  disabled={templates === null}
                  onChange={(e) => pick(templates?.find((x) => x.id === Number(e.target.value)))}
                >
                  <option value="">{t.noTemplate}</option>
                  {(templates ?? []).map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.name || labelName(x.labelId)}
                      {positionTypeId === undefined ? ` (${container?.positionTypes.find((p) => p.id === x.positionTypeId)?.name ?? ''})` : ''}
                    </option>
                  ))}
                </select>
              </div>
              <div className="mail-field">
                <label htmlFor={`${ids}-subject`}>{t.subject}</label>
                <input
                  id={`${ids}-subject`}
                  ref={merge.subjectRef}
                  value={subject}
                  maxLength={200}
                  onChange={(e) => setSubject(e.target.value)}
                  onFocus={merge.onSubjectFocus}
                />
              </div>
              <div className="mail-field">
                <span id={`${ids}-body-label`} className="mail-label">
                  {t.body}
                </span>
                {/* The editor is made with its merge fields, so it waits for them: made before them and again with
                    them, its text vanished for a frame. */}
                {props === null ? (
                  <RichTextWaiting />
                ) : (
                  <RichText
                    mergeFields={props.length > 0 ? props : undefined}
                    id={`${ids}-body`}
                    value={body}
                    onChange={setBody}
                    labelledBy={`${ids}-body-label`}
                    describedBy={`${ids}-fields-help`}
                    insertRef={merge.insertBody}
                    onFocus={merge.onBodyFocus}
                  />
                )}
              </div>
              <div role="group" aria-label={t.mergeFields} className="mail-merge">
                <span className="mail-label">{t.mergeFields}</span>
                {(props ?? []).map((p) => (
                  <button key={p.key} type="button" className="bk-btn mail-chip" onClick={() => merge.insert(p.placeholder)}>
                    {p.label}
                  </button>
                ))}
                <p id={`${ids}-fields-help`} className="mail-help">
                  {t.mergeFieldsHelp}
                </p>
              </div>
              {/* The preview's room is kept while its code loads, so the fields above it do not jump. */}
              <Suspense fallback={<section className="mail-preview mail-preview-waiting" aria-hidden="true" />}>
                <MergePreview subject={subject} body={body} people={recipients.slice(0, 20)} company={container?.displayName || container?.name || ''} />
              </Suspense>
            </div>
            <div aria-live="polite" className="mail-outcome">
              {problem && <p className="mail-problem">{problem}</p>}
              {lines && (
                <>
                  <p>{lines.sent}</p>
                  {lines.missing && <p className="mail-problem">{lines.missing}</p>}
                  {lines.failed && <p className="mail-problem">{lines.failed}</p>}
                  {lines.already && <p>{lines.already}</p>}
                </>
              )}
            </div>
            <DialogFooter
              cancelLabel={outcome ? t.close : labelId !== undefined && !initial ? t.skip : t.cancel}
              onCancel={() => onClose(outcome ?? undefined)}
              confirmLabel={!outcome || targets.length > 0 ? (busy ? t.sending : outcome ? t.resend : t.send) : undefined}
              busy={busy}
            />
          </form>
    </DialogFrame>
  );
}

import { useEffect, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { dispatch } from '../../api';
import { useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { useBusy } from '../../shared/useBusy';
import { useLoad } from '../../shared/useLoad';
import { emailTemplates, outcomeLines, type SendOutcome } from './mailApi';

const t = sv.applicants.bulk;
const m = sv.mail;

export interface TemplateOfferProps {
  containerId: number;
  positionId: number;
  positionTypeId: number;
  /** The Interest label the applicants were just moved to. */
  labelId: number;
  /** The moved applications. */
  ids: number[];
  /** The applicant's name when one was moved ('… till Anna Andersson?'). */
  name?: string;
  /** 'Ändra först': open the mail dialog with the template instead. */
  onEdit(): void;
  /** Sent (the server's answer) or declined (nothing). */
  onDone(outcome?: SendOutcome): void;
}

/**
 * After a move to an Interest label that has an email template for the position's type:
 * 'Skicka mallen ”…” till N sökande?' — one click sends it to the moved applicants (the
 * question is the confirmation), 'Ändra först' opens the mail dialog, 'Inte nu' closes it.
 * Nothing is shown when the label has no template.
 */
export function TemplateOffer({ containerId, positionId, positionTypeId, labelId, ids, name, onEdit, onDone }: TemplateOfferProps) {
  const { handleError } = useSession();
  const toast = useToast();
  const { busy, run } = useBusy();
  const [report, setReport] = useState<string | null>(null);
  const loaded = useLoad(() => emailTemplates(containerId, { positionTypeId, labelId }).then((list) => list.find((x) => x.labelId === labelId)), `${containerId}/${positionTypeId}/${labelId}`);
  // A new move asks again.
  useEffect(() => setReport(null), [containerId, positionTypeId, labelId, ids]);

  const template = loaded.loading ? undefined : loaded.data;
  if (!template || ids.length === 0) return null;
  const question = ids.length === 1 && name ? fill(t.offerTemplateOne, { template: template.name, name }) : fill(t.offerTemplate, { template: template.name, count: ids.length });

  async function send() {
    try {
      const result = await run(() =>
        dispatch('send_emailToApplicants', { positionId, recipients: ids as [number, ...number[]], subject: template!.subject, body: template!.content, labelId }),
      );
      if (result.sent.length) toast.show(sv.toast.emailSent, 'success');
      if (!result.failed.length && !result.missingEmail.length) return onDone(result);
      const { sent, missing, failed } = outcomeLines(result, ids.length);
      setReport([sent, missing, failed].filter(Boolean).join(' '));
    } catch (err) {
      setReport(handleError(err));
    }
  }

  return (
    <div className="apl-offer" role="group" aria-label={question}>
      <p role="status">{report ?? question}</p>
      {report === null ? (
        <>
          <button type="button" className="adm-button adm-button-primary adm-button-small" disabled={busy} onClick={() => void send()}>
            {busy ? m.sending : t.offerSend}
          </button>
          <button type="button" className="adm-button adm-button-small" disabled={busy} onClick={onEdit}>
            {t.offerEdit}
          </button>
          <button type="button" className="adm-button adm-button-small" disabled={busy} onClick={() => onDone()}>
            {t.offerSkip}
          </button>
        </>
      ) : (
        <button type="button" className="adm-button adm-button-small" onClick={() => onDone()}>
          {m.close}
        </button>
      )}
    </div>
  );
}

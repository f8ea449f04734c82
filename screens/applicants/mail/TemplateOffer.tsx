import { useEffect, useRef, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { dispatch } from '../../api';
import { useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { useBusy } from '../../shared/useBusy';
import { useLoad } from '../../shared/useLoad';
import { emailTemplates, outcomeLines, type SendOutcome } from './mailApi';
import { BusyButton } from '../../shared/BusyButton';

const t = sv.applicants.bulk;
const m = sv.mail;

export interface TemplateOfferProps {
  containerId: number;
  positionId: number;
  positionTypeId: number;
  /** The label (Interest label or Process level) the applicants were just moved to. */
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
 * After a move to a label (an Interest label or a Process level) that has an email template
 * for the position's type: 'Skicka mallen ”…” till N sökande?' — one click sends it to the
 * moved applicants (the question is the confirmation), 'Ändra först' opens the mail dialog,
 * 'Skicka inte' closes it. Nothing is shown when the label has no template.
 *
 * Where the eye is (issue 26): when the offer appears it is scrolled into view and takes the
 * focus (the group itself, so Enter cannot send by accident); after a send its report keeps
 * the focus; when it closes, focus goes back where it was if that is still on the page.
 * A colleague who sent the same template at the same moment is reported ('Redan skickad').
 */
export function TemplateOffer({ containerId, positionId, positionTypeId, labelId, ids, name, onEdit, onDone }: TemplateOfferProps) {
  const { handleError } = useSession();
  const toast = useToast();
  const { busy, run } = useBusy();
  const [report, setReport] = useState<string | null>(null);
  const loaded = useLoad(() => emailTemplates(containerId, { positionTypeId, labelId }).then((list) => list.find((x) => x.labelId === labelId)), `${containerId}/${positionTypeId}/${labelId}`);
  // A new move asks again (the ids by value: a caller may pass a new array on every render).
  const moved = ids.join(',');
  useEffect(() => setReport(null), [containerId, positionTypeId, labelId, moved]);

  const template = loaded.loading ? undefined : loaded.data;
  const shown = Boolean(template) && ids.length > 0;
  const box = useRef<HTMLDivElement>(null);
  const before = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!shown || !el) return;
    const active = document.activeElement;
    if (!el.contains(active)) before.current = active instanceof HTMLElement && active !== document.body ? active : null;
    el.scrollIntoView?.({ block: 'nearest' });
    el.focus({ preventScroll: true });
  }, [shown, moved]);
  // The report replaces the buttons: the focus stays in the offer.
  useEffect(() => {
    if (report !== null) box.current?.focus({ preventScroll: true });
  }, [report]);

  if (!template || ids.length === 0) return null;
  const close = (outcome?: SendOutcome) => {
    const back = before.current;
    // Still ours: in the offer, or dropped to the body when a clicked button was disabled while sending.
    const active = document.activeElement;
    const ours = !active || active === document.body || Boolean(box.current?.contains(active));
    onDone(outcome);
    if (back?.isConnected && ours) back.focus();
  };
  const question = ids.length === 1 && name ? fill(t.offerTemplateOne, { template: template.name, name }) : fill(t.offerTemplate, { template: template.name, count: ids.length });

  async function send() {
    if (busy) return;
    try {
      const result = await run(() =>
        dispatch('send_emailToApplicants', { positionId, recipients: ids as [number, ...number[]], subject: template!.subject, body: template!.content, labelId }),
      );
      if (result.sent.length) toast.show(sv.toast.emailSent, 'success');
      if (!result.failed.length && !result.missingEmail.length && !result.alreadySent?.length) return close(result);
      const { sent, missing, failed, already } = outcomeLines(result, ids.length);
      setReport([sent, missing, failed, already].filter(Boolean).join(' '));
    } catch (err) {
      setReport(handleError(err));
    }
  }

  return (
    <div ref={box} className="apl-offer" role="group" aria-label={question} tabIndex={-1} data-offer="">
      <p role="status">{report ?? question}</p>
      {report === null ? (
        <>
          <BusyButton type="button" className="adm-button adm-button-primary adm-button-small" busy={busy} onClick={() => void send()}>
            {busy ? m.sending : t.offerSend}
          </BusyButton>
          <BusyButton type="button" className="adm-button adm-button-small" busy={busy} onClick={() => onEdit()}>
            {t.offerEdit}
          </BusyButton>
          <BusyButton type="button" className="adm-button adm-button-small" busy={busy} onClick={() => close()}>
            {m.skip}
          </BusyButton>
        </>
      ) : (
        <button type="button" className="adm-button adm-button-small" onClick={() => close()}>
          {m.close}
        </button>
      )}
    </div>
  );
}

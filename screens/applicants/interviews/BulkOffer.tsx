import { useEffect, useId, useRef, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import type { ActionAnswer } from '../../../schemas/generated/actions';
import { call } from '../call';
import { OfferTimesForm } from './OfferTimesForm';

const t = sv.interviews.many;

/**
 * One set of interview times to the selected applicants of the list (issue 30 item 1,
 * create_interviewSlotsForMany; loaded when 'Erbjud intervjutider' is chosen). Afterwards it
 * says how many got the times and which got none and why (an application anonymous screening
 * still hides). The heading takes the focus on opening and 'Stäng' gives it back to the list.
 */
export default function BulkOffer({ positionId, ids, nameOf, onSent, onClose }: { positionId: number; ids: number[]; nameOf(id: number): string; onSent(): void; onClose(): void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [answer, setAnswer] = useState<ActionAnswer['create_interviewSlotsForMany'] | null>(null);
  // The button that opened the panel gets the focus back when it closes.
  const opener = useRef(document.activeElement);
  useEffect(() => heading.current?.focus(), []);
  const close = () => {
    const back = opener.current;
    onClose();
    requestAnimationFrame(() => {
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    });
  };

  return (
    <section className="apl-card" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} ref={heading} tabIndex={-1}>
        {fill(t.title, { count: String(ids.length) })}
      </h3>
      {answer ? (
        <div role="status">
          <p>{fill(t.done, { count: String(answer.interviews.length) })}</p>
          {answer.refused.length > 0 && (
            <>
              <p>{fill(t.refused, { count: String(answer.refused.length) })}</p>
              <ul>
                {answer.refused.map((r) => (
                  <li key={r.applicationId}>
                    {nameOf(r.applicationId)}: {t.anonymous}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : (
        <>
          <p>{t.intro}</p>
          <OfferTimesForm
            positionId={positionId}
            submitLabel={sv.interviews.card.send}
            send={async (offer) => {
              setAnswer(await call('create_interviewSlotsForMany', { ids, ...offer }));
              onSent();
            }}
          />
        </>
      )}
      <p>
        <button type="button" className="adm-button" onClick={close}>
          {t.close}
        </button>
      </p>
    </section>
  );
}

import { useId } from 'react';
import { privacyNoticeFor } from './privacy';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import type { PublicContainer } from './types';

const s = sv.public;

/**
 * The privacy notice (spec document 1 §2) for the organisation, folded into a disclosure so
 * it is one tap away without pushing the form down. Headings start at `level`.
 */
export function PrivacyNotice({ container, level = 2 }: { container: PublicContainer | null; level?: 2 | 3 }) {
  const notice = privacyNoticeFor(container);
  const id = useId();
  const H = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  return (
    <section className="pub-privacy" aria-labelledby={`${id}-title`}>
      <H id={`${id}-title`} className="pub-privacy-title">
        {notice.title}
      </H>
      {/* Issue 28: the organisation's own retention period, in plain view on the career page and the apply page. */}
      <p className="pub-retention">{fill(sv.public.retentionNotice, { months: String(notice.retentionMonths) })}</p>
      <details>
        <summary>{s.showPrivacy}</summary>
        <div className="pub-privacy-body" data-variant={notice.variant}>
          {notice.sections.map((sec) => (
            <div key={sec.id}>
              <Sub>{sec.heading}</Sub>
              {sec.paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
              {sec.listHeading && <p className="pub-privacy-list-heading">{sec.listHeading}</p>}
              {sec.list && (
                <ul>
                  {sec.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </div>
          ))}
          <p className="pub-valid-from">{fill(s.validFrom, { date: notice.validFromText })}</p>
        </div>
      </details>
    </section>
  );
}

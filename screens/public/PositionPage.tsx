import { useEffect, useRef } from 'react';
import { Link } from './router';
import { formatStockholmDate as formatDate } from '../../engine/dates';
import { jobPosting } from './jobPosting';
import { positionPath } from './positionRef';
import { applyPath } from './paths';
import { AdBody } from './AdBody';
import type { PublicContainer, PublicPosition } from './types';
import { useDocumentMeta, useJobPosting, useNoIndex } from './useDocumentMeta';
import sv from '../../schemas/messages/sv.json';

const s = sv.public;

/** Plain text of organisation HTML, for the meta description. */
export function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}

/** One position: text, dates, place, the apply button or the closed state, and JobPosting data. */
export function PositionPage({ position: p, container }: { position: PublicPosition; container: PublicContainer | null }) {
  const open = p.status === 'Öppen';
  const description = plainText(p.description || p.text).slice(0, 160);
  useDocumentMeta(p.name, description, positionPath(p));
  // Internal positions are reached only by their guid: no search engine may list them.
  useNoIndex(p.isInternal);
  // Only what can be applied for now: an expired posting in a job search listing misleads.
  useJobPosting(p.isInternal || !open ? null : (origin) => jobPosting(p, container, origin + positionPath(p)));
  const company = container?.displayName || p.displayName || p.containerName;
  return (
    <article className="pub-section pub-position" aria-labelledby="pub-position-title">
      <h1 id="pub-position-title">{p.name}</h1>
      <dl className="pub-facts pub-facts-wide">
        {company && (
          <div>
            <dt>{s.employer}</dt>
            <dd>{company}</dd>
          </div>
        )}
        {p.city && (
          <div>
            <dt>{s.city}</dt>
            <dd>{p.city}</dd>
          </div>
        )}
        {p.positionTypeName && (
          <div>
            <dt>{s.positionType}</dt>
            <dd>{p.positionTypeName}</dd>
          </div>
        )}
        <div>
          <dt>{s.published}</dt>
          <dd>
            <time dateTime={formatDate(p.start)}>{formatDate(p.start)}</time>
          </dd>
        </div>
        <div>
          <dt>{s.lastApplyDate}</dt>
          <dd>
            <time dateTime={formatDate(p.stop)}>{formatDate(p.stop)}</time>
          </dd>
        </div>
      </dl>
      {open ? (
        <p>
          <Link to={applyPath(p)} className="pub-button pub-apply-button">
            {s.applyNow}
          </Link>
        </p>
      ) : (
        <ClosedNotice />
      )}
      <AdBody p={p} />
      {open && (
        <p>
          <Link to={applyPath(p)} className="pub-button pub-apply-button">
            {s.applyNow}
          </Link>
        </p>
      )}
    </article>
  );
}

export function ClosedNotice({ focus = false }: { focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Closed by the answer to a submit: the form the applicant was in is gone, so the notice takes the focus.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div className="pub-closed">
      <h2 ref={ref} tabIndex={-1}>
        {s.positionClosed}
      </h2>
      <p>{s.positionClosedText}</p>
      <p>
        <Link to="/positions">{s.seeAllPositions}</Link>
      </p>
    </div>
  );
}

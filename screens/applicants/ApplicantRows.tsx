import { memo, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { formatStockholmDate } from '../../engine/dates';
import type { ApplicantList } from './useApplicants';
import type { ApplicantItem, Label } from './types';
import { fill } from '../../engine/fill';
import { RatingBadge } from './RatingBadge';
import { LabelChip } from './LabelChip';

const t = sv.applicants.list;

interface RowProps {
  a: ApplicantItem;
  positionId: number;
  selected: boolean;
  selectable: boolean;
  labels: ReadonlyMap<number, Label>;
  onToggle(id: number, on: boolean): void;
}

/** One applicant. Memoised: selecting one row or appending a batch re-renders no other row. */
const Row = memo(function Row({ a, positionId, selected, selectable, labels, onToggle }: RowProps) {
  // An anonymous applicant (the position's anonymous mode) has no name or email, only info.name 'Sökande <id>'.
  const name = `${a.info.firstname ?? ''} ${a.info.lastname ?? ''}`.trim() || a.email || a.info.name;
  const interest = a.interestLabelId !== null ? labels.get(a.interestLabelId) : undefined;
  const process = a.processLabelId !== null ? labels.get(a.processLabelId) : undefined;
  return (
    <li className="apl-row" data-id={a.id}>
      {selectable && (
        <input
          type="checkbox"
          className="apl-check"
          aria-label={`${t.select} ${name}`}
          checked={selected}
          onChange={(e) => onToggle(a.id, e.currentTarget.checked)}
        />
      )}
      <Link className="apl-name" to={`/admin/positions/${positionId}/applicants/${a.id}`}>
        {name}
      </Link>
      <span className="apl-email">{a.email}</span>
      <span className="apl-tags">
        {interest && <LabelChip label={interest} />}
        {process && <LabelChip label={process} />}
      </span>
      <span className="apl-meta">
        <span className="bk-date">{formatStockholmDate(a.created)}</span>
        {a.files.length > 0 && <span> · {a.files.length === 1 ? t.filesOne : fill(t.files, { count: String(a.files.length) })}</span>}
        {a.notesCount > 0 && <span> · {a.notesCount === 1 ? t.notesOne : fill(t.notes, { count: String(a.notesCount) })}</span>}
        {(a.rating?.count ?? 0) > 0 && <> · <RatingBadge rating={a.rating} className="apl-rating" /></>}
      </span>
    </li>
  );
});

/**
 * The list named 'Sökande'. The next batch loads when the sentinel after the last row scrolls
 * into view (and with the 'Visa fler' button, for keyboards and when observers are missing).
 * Rows are memoised and each laid out once when its batch arrives (see applicants.css).
 */
export function ApplicantRows(props: {
  list: ApplicantList;
  positionId: number;
  selection: ReadonlySet<number>;
  selectable: boolean;
  labels: ReadonlyMap<number, Label>;
  onToggle(id: number, on: boolean): void;
  /** A filter is set (the empty text says no one matches it, else that no one has applied). */
  filtered?: boolean;
}) {
  const { list, positionId, selection, selectable, labels, onToggle } = props;
  const sentinel = useRef<HTMLDivElement>(null);
  const { loadMore } = list;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: '600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [loadMore, list.items.length]);

  if (list.state === 'loading') return <p role="status" className="adm-loading">{sv.applicants.loading}</p>;
  if (list.state === 'error' && list.items.length === 0) {
    return (
      <div role="alert" className="adm-error">
        <p>{sv.applicants.error}</p>
        <button type="button" className="adm-button" onClick={list.reload}>{sv.applicants.retry}</button>
      </div>
    );
  }
  return (
    <>
      {list.items.length === 0 ? (
        <p className="apl-empty">{props.filtered ? t.empty : t.none}</p>
      ) : (
        <ul className="apl-list" aria-label={t.name}>
          {list.items.map((a) => (
            <Row key={a.id} a={a} positionId={positionId} selected={selection.has(a.id)} selectable={selectable} labels={labels} onToggle={onToggle} />
          ))}
        </ul>
      )}
      <div ref={sentinel} className="apl-sentinel" />
      {list.state === 'more' && <p role="status" className="adm-loading">{sv.applicants.loading}</p>}
      {list.state === 'error' && list.items.length > 0 && (
        <div role="alert" className="adm-error">
          <p>{sv.applicants.error}</p>
          <button type="button" className="adm-button" onClick={list.loadMore}>{sv.applicants.retry}</button>
        </div>
      )}
      {list.state === 'ready' && !list.done && (
        <button type="button" className="adm-button apl-more" onClick={list.loadMore}>{t.more}</button>
      )}
    </>
  );
}

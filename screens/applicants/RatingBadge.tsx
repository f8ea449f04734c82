import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';

const t = sv.scorecards.list;

/** A list row's or board card's rating (scorecards, issue 17 item 2), as the server answers it. */
export interface Rating {
  count: number;
  /** Null until the viewer has rated the applicant too (the hiding rule). */
  average: number | null;
}

/**
 * The team's average and how many rated; only the count while the viewer has not rated (the
 * server sends no average then), nothing when nobody has rated.
 */
export function RatingBadge({ rating, className }: { rating: Rating | undefined; className: string }) {
  if (!rating || rating.count === 0) return null;
  const count = String(rating.count);
  if (rating.average === null) {
    return <span className={className} title={t.hiddenTitle}>{fill(t.cardCount, { count })}</span>;
  }
  const average = rating.average.toLocaleString('sv-SE', { maximumFractionDigits: 2 });
  return <span className={className}>{fill(t.card, { average, count })}</span>;
}

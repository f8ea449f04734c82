import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import type { ApplicantItem } from './types';

const t = sv.scorecards.list;

/**
 * The team's average and how many rated; only the count while the viewer has not rated (the
 * server sends no average then), nothing when nobody has rated.
 */
export function RatingBadge({ rating, className }: { rating: ApplicantItem['rating']; className: string }) {
  if (!rating || rating.count === 0) return null;
  const count = String(rating.count);
  if (rating.average === null) {
    return <span className={className} title={t.hiddenTitle}>{fill(t.cardCount, { count })}</span>;
  }
  const average = rating.average.toLocaleString('sv-SE', { maximumFractionDigits: 2 });
  return <span className={className}>{fill(t.card, { average, count })}</span>;
}

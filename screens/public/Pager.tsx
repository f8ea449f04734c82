import { Link } from './router';
import { fill } from '../../engine/fill';
import sv from '../../schemas/messages/sv.json';

const s = sv.public;

/** Previous/next links for a paged list; page numbers live in `?page=`. */
export function Pager({ page, pages, basePath }: { page: number; pages: number; basePath: string }) {
  if (pages <= 1) return null;
  const href = (n: number) => (n <= 1 ? basePath : `${basePath}?page=${n}`);
  return (
    <nav className="pub-pager" aria-label={s.pagination}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {s.previousPage}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{fill(s.pageOf, { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          {s.nextPage}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** `?page=` as a positive integer (1 when missing or tampered). */
export function pageParam(search: string): number {
  const raw = new URLSearchParams(search).get('page');
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

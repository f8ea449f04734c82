import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { htmlToText } from '../../engine/sanitize';
import { formatStockholmDate as formatDate } from '../../engine/dates';
import { useLoad } from '../odin/useLoad';
import { Failure } from '../runner/states';
import { getPosts } from './api';
import './news.css';

const t = sv.news;

/** The start page's latest news: the three newest posts with a short excerpt. */
export function LatestNews() {
  const posts = useLoad(() => getPosts({ take: 3 }), 'latest');
  return (
    <section className="news-latest" aria-labelledby="news-latest-title">
      <h2 id="news-latest-title">{t.latest}</h2>
      {posts.loading && !posts.data && <p role="status">{t.loading}</p>}
      {posts.error !== undefined && !posts.data && <Failure onRetry={posts.reload} />}
      {posts.data?.length === 0 && <p>{t.empty}</p>}
      {posts.data && posts.data.length > 0 && (
        <ul>
          {posts.data.map((p) => {
            const text = htmlToText(p.body);
            return (
              <li key={p.id}>
                <Link to={`/admin/news/${p.id}`}>{p.title}</Link> <small>{formatDate(p.created)}</small>
                <p>{text.length > 160 ? `${text.slice(0, 159)}…` : text}</p>
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <Link to="/admin/news">{t.back}</Link>
      </p>
    </section>
  );
}

import { Link } from './router';
import { useServerSink } from './ssr';
import { useDocumentMeta } from './useDocumentMeta';
import sv from '../../schemas/messages/sv.json';

const s = sv.public;

export function Loading() {
  return (
    <p className="pub-loading" role="status">
      {s.loading}
    </p>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="pub-error" role="alert">
      <p>{s.loadError}</p>
      <button type="button" className="pub-button" onClick={onRetry}>
        {s.retry}
      </button>
    </div>
  );
}

export function NotFoundPage() {
  useDocumentMeta(s.notFoundTitle);
  // A server-rendered not-found page answers 404, so search engines drop the address.
  const sink = useServerSink();
  if (sink) sink.status = 404;
  return (
    <section className="pub-section pub-notfound" aria-labelledby="pub-notfound-title">
      <h1 id="pub-notfound-title">{s.notFoundTitle}</h1>
      <p>{s.notFoundText}</p>
      <p>
        <Link to="/positions" className="pub-button">
          {s.seeAllPositions}
        </Link>
      </p>
    </section>
  );
}

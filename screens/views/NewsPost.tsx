import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { sanitizeHtml } from '../../engine/sanitize';
import { dispatch } from '../api';
import { formatStockholmDate as formatDate } from '../../engine/dates';
import { useSession } from '../admin/session';
import { getPosts } from '../news/api';
import { useLoad } from '../odin/useLoad';
import { Failure, Loading } from '../runner/states';
import { useScreenTitle } from '../runner/title';
import type { ViewProps } from '../runner/types';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import '../news/news.css';
import { fill } from '../../engine/fill';

const t = sv.news;

/** One news post; odin also gets edit and delete. */
export default function NewsPost({ screen }: ViewProps) {
  const id = Number(useParams().id);
  const { rights } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const post = useLoad(async () => (await getPosts({ id }))[0], String(id));
  useScreenTitle(post.data?.title ?? screen.title);

  if (post.loading && !post.data) return <Loading />;
  // A post that is gone (404, or no such id) is a not-found page, not a retry.
  if (!post.data && (post.error === undefined || post.error === null || (post.error as { status?: number })?.status === 404)) {
    return (
      <article>
        <h1>{t.notFoundTitle}</h1>
        <p>{t.notFound}</p>
        <p>
          <Link to="/admin/news">{t.back}</Link>
        </p>
      </article>
    );
  }
  if (!post.data) return <Failure onRetry={post.reload} />;
  const p = post.data;

  async function remove() {
    if (!(await confirm({ message: t.confirmDelete, confirmLabel: t.delete, danger: true }))) return;
    setBusy(true);
    try {
      await dispatch('delete_blogPost', { id: p.id });
      toast.show(t.deleted, 'success');
      navigate('/admin/news');
    } catch {
      toast.show(t.deleteFailed, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <article>
      <h1>{p.title}</h1>
      <p className="news-meta">{fill(t.published, { date: formatDate(p.created) })}</p>
      <div className="news-body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(p.body) }} />
      <p className="adm-actions">
        <Link to="/admin/news">{t.back}</Link>
        {rights.odin && (
          <>
            <Link className="adm-button" to={`/admin/news/${p.id}/edit`}>
              {t.edit}
            </Link>
            <button type="button" className="adm-button adm-button-danger" onClick={remove} disabled={busy}>
              {t.delete}
            </button>
          </>
        )}
      </p>
      {dialog}
    </article>
  );
}

import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError, dispatch } from '../api';
import { useSession } from '../admin/session';
import { getPosts, type BlogPost } from '../news/api';
import { RichText } from '../news/RichText';
import { useLoad } from '../odin/useLoad';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { useToast } from '../shared/toast';
import '../news/news.css';

const t = sv.news;

/** Writes a new post (/admin/create-news/details) or edits one (/admin/news/:id/edit). */
export default function NewsEditor({ screen }: ViewProps) {
  const id = Number(useParams().id ?? 0);
  const { rights } = useSession();
  const existing = useLoad(async () => (id ? (await getPosts({ id }))[0] : undefined), String(id));
  if (!rights.odin) {
    return (
      <>
        <h1>{screen.title}</h1>
        <p role="alert">{t.onlyOdin}</p>
      </>
    );
  }
  if (id && existing.loading && !existing.data) return <Loading />;
  if (id && !existing.data) return <Failure onRetry={existing.reload} />;
  return <Editor key={id} title={screen.title} post={existing.data} />;
}

function Editor({ title: pageTitle, post }: { title: string; post?: BlogPost }) {
  const [title, setTitle] = useState(post?.title ?? '');
  const [body, setBody] = useState(post?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();

  async function save(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!title.trim()) local['/title'] = t.titleRequired;
    if (!body.replace(/<[^>]*>/g, '').trim()) local['/body'] = t.bodyRequired;
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const saved = (await dispatch('create_blogPost', { id: post?.id ?? 0, title, body })) as BlogPost;
      toast.show(t.saved, 'success');
      navigate(`/admin/news/${saved.id}`);
    } catch (err) {
      const details = err instanceof ApiError && Array.isArray(err.body.details) ? (err.body.details as { path: string; message: string }[]) : [];
      if (details.length) setErrors(Object.fromEntries(details.map((d) => [d.path, d.message])));
      else toast.show(t.error, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1>{post ? post.title : pageTitle}</h1>
      <form className="news-form" onSubmit={save} noValidate>
        <label htmlFor="news-title">{t.title}</label>
        <input
          id="news-title"
          type="text"
          value={title}
          maxLength={300}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={errors['/title'] ? true : undefined}
          aria-describedby={errors['/title'] ? 'news-title-error' : undefined}
        />
        {errors['/title'] && (
          <p id="news-title-error" className="adm-form-error" role="alert">
            {errors['/title']}
          </p>
        )}
        <span id="news-body-label">{t.body}</span>
        <RichText id="news-body" value={body} onChange={setBody} labelledBy="news-body-label" describedBy={errors['/body'] ? 'news-body-error' : undefined} />
        {errors['/body'] && (
          <p id="news-body-error" className="adm-form-error" role="alert">
            {errors['/body']}
          </p>
        )}
        <p className="adm-form-actions">
          <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
            {busy ? t.saving : t.save}
          </button>
        </p>
      </form>
    </>
  );
}

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { dispatch } from '../api';
import { useContainer, useSession } from '../admin/session';
import NotFound from '../admin/NotFound';
import { fieldErrors, messageOf } from '../runner/serverErrors';
import { Field } from '../org/Field';
import { RichText } from '../org/RichText';
import { Failure, Loading } from '../runner/states';
import { useScreenTitle } from '../runner/title';
import type { ViewProps } from '../runner/types';
import { useToast } from '../shared/toast';
import '../org/org.css';

const t = sv.org;

export interface TextTemplate {
  id: number;
  title: string;
  text: string;
}

/** /admin/templates/text/new and /admin/templates/text/:id: a text template's title and rich text. */
export default function TextTemplateEditor({ screen }: ViewProps) {
  const { id } = useParams();
  const isNew = id === 'new';
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<TextTemplate | null>(isNew ? { id: 0, title: '', text: '' } : null);
  const [missing, setMissing] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useScreenTitle(isNew ? t.newTextTemplate : draft?.title || screen.title);

  useEffect(() => {
    if (isNew) return;
    let live = true;
    setFailed(false);
    (dispatch('get_ContainerTemplates', { containerId: container.id }) as Promise<TextTemplate[]>)
      .then((list) => {
        if (!live) return;
        const found = list.find((x) => String(x.id) === id);
        if (found) setDraft(found);
        else setMissing(true);
      })
      .catch((err: unknown) => {
        if (!live) return;
        handleError(err);
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [isNew, id, container.id, attempt, handleError]);

  const save = useCallback(
    async (e: FormEvent) => {
      e.preventDefault();
      if (!draft || busy) return;
      if (!draft.title.trim()) {
        setErrors({ '/title': t.templateTitleRequired });
        document.getElementById('tt-title')?.focus();
        return;
      }
      setBusy(true);
      setErrors({});
      try {
        const saved = (await dispatch('upsert_ContainerTemplate', { containerId: container.id, ...(draft.id ? { id: draft.id } : {}), title: draft.title, text: draft.text })) as TextTemplate;
        toast.show(sv.toast.templateSaved);
        if (isNew) void navigate(`/admin/templates/text/${saved.id}`, { replace: true });
        setDraft(saved);
      } catch (err) {
        handleError(err);
        setErrors(fieldErrors(err));
        // Template upserts show the error's own message (spec document 2 §8).
        toast.show(messageOf(err), 'error');
      } finally {
        setBusy(false);
      }
    },
    [draft, busy, container.id, isNew, toast, navigate, handleError],
  );

  if (missing || (!isNew && !/^\d+$/.test(id ?? ''))) return <NotFound />;
  const heading = isNew ? t.newTextTemplate : draft?.title || screen.title;
  return (
    <>
      <h1>{heading}</h1>
      <p>
        <Link to="/admin/templates/text">{t.allTextTemplates}</Link>
      </p>
      {failed && <Failure onRetry={() => setAttempt((a) => a + 1)} />}
      {!failed && !draft && <Loading />}
      {draft && (
        <form className="adm-form" onSubmit={(e) => void save(e)} noValidate>
          <Field id="tt-title" label={t.templateTitle} required value={draft.title} maxLength={300} error={errors['/title']} onChange={(v) => setDraft({ ...draft, title: v })} />
          <RichText id="tt-text" label={t.templateText} value={draft.text} onChange={(html) => setDraft({ ...draft, text: html })} invalid={!!errors['/text']} describedBy="tt-text-error" />
          <p id="tt-text-error" className="org-error">
            {errors['/text'] ?? ''}
          </p>
          <div className="adm-form-actions">
            <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
              {t.saveTemplate}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

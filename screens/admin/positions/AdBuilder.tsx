import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import sv from '../../../schemas/messages/sv.json';
import { FormBuilder } from '../../../engine/react/builder';
import type { MetadataProperty } from '../../../engine/types';
import { dispatch } from '../../api';
import { useToast } from '../../shared/toast';
import { formatStockholmDate as formatDate, stockholmDateToUnix, todayInStockholm } from '../../../engine/dates';
import { NotFound, PAGE_NOT_FOUND } from '../../runner/states';
import { useContainer, useSession } from '../session';
import { listTemplates, NoTemplatesFolder, type StoredTemplate } from '../templates/templateApi';
import { AdFields, adErrors, anonymityToDraft, draftToAnonymity, type AdDraft } from './AdFields';
import '../../../widgets/register';

const t = sv.admin.ads;
const DAY = 86_400;

function templatesFor(all: StoredTemplate[], typeId: number): StoredTemplate[] {
  return all.filter((x) => x.template.availableInPositionTypes.some((a) => a.positionTypeId === typeId && a.included));
}

/**
 * The ad builder: /admin/positions/:action/:type (action public|internal) creates an ad of a
 * position type, its form started from the type's default template or a chosen one;
 * /admin/positions/:id/edit edits one. Save, copy and delete all end on /admin/positions.
 */
export default function AdBuilder() {
  const { action, type, id } = useParams();
  const editing = id !== undefined;
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const typeId = Number(type);
  const validRoute = editing ? /^\d+$/.test(id) : (action === 'public' || action === 'internal') && container.positionTypes.some((p) => p.id === typeId);

  const [draft, setDraft] = useState<AdDraft | null>(null);
  const [initial, setInitial] = useState<{ metadata: MetadataProperty[] } | null>(null);
  const [templates, setTemplates] = useState<StoredTemplate[]>([]);
  const [templateNote, setTemplateNote] = useState('');
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState('');
  const [denied, setDenied] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useRef<{ metadata: MetadataProperty[]; valid: boolean }>({ metadata: [], valid: true });
  const [formValid, setFormValid] = useState(true);
  const dirty = useRef(false);
  const seen = useRef<MetadataProperty[] | null>(null);

  useEffect(() => {
    if (!validRoute) return;
    let live = true;
    (async () => {
      try {
        if (editing) {
          const p = await dispatch('get_position', { id: Number(id) });
          if (!live) return;
          // The writer right on the position (container or per-position) is the runner's
          // positionWrite guard (screens/runner/Guard.tsx), checked before this screen.
          setDraft({
            name: p.name, text: p.text ?? '', description: p.description ?? '', city: p.city ?? '',
            startDate: formatDate(p.start), stopDate: formatDate(p.stop), isInternal: !!p.isInternal,
            positionTypeId: p.positionTypeId, responsibleId: p.responsibleId ?? '', banner: p.banner ?? '', anonymous: anonymityToDraft(p.anonymous),
          });
          setInitial({ metadata: p.metadata ?? [] });
          return;
        }
        const today = todayInStockholm();
        setDraft({
          name: '', text: '', description: '', city: '', startDate: today,
          stopDate: formatDate((stockholmDateToUnix(today) ?? 0) + 31 * DAY), isInternal: action === 'internal', positionTypeId: typeId, responsibleId: '', banner: '', anonymous: '',
        });
        try {
          const { templates: all } = await listTemplates(container.id);
          if (!live) return;
          const mine = templatesFor(all, typeId);
          const start = mine.find((x) => x.template.availableInPositionTypes.some((a) => a.positionTypeId === typeId && a.default)) ?? mine[0];
          setTemplates(mine);
          setChosen(start ? String(start.asset.id) : '');
          if (!start) setTemplateNote(t.noTemplateForType);
          setInitial({ metadata: start?.template.metadata ?? [] });
        } catch (err) {
          if (!live) return;
          setTemplateNote(err instanceof NoTemplatesFolder ? err.message : handleError(err));
          setInitial({ metadata: [] });
        }
      } catch (err) {
        if (!live) return;
        const msg = handleError(err);
        if ((err as { status?: number }).status === 403) setDenied(true);
        else setError(msg);
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [validRoute, editing, id, action, typeId, container.id]);

  // Leaving with unsaved changes asks first (the browser's own dialog).
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const errors = useMemo(() => (draft ? adErrors(draft) : {}), [draft]);

  if (!validRoute) return <NotFound spec={PAGE_NOT_FOUND} />;
  if (denied) return <AccessDeniedRedirect />;
  if (error) return <p role="alert" className="adm-error">{error}</p>;
  if (!draft || !initial) return <p role="status">{sv.admin.loading}</p>;

  const done = (text: string) => {
    dirty.current = false;
    toast.show(text);
    navigate('/admin/positions');
  };

  async function save() {
    if (!draft || busy) return;
    setShowErrors(true);
    const start = stockholmDateToUnix(draft.startDate);
    const stop = stockholmDateToUnix(draft.stopDate, true);
    const first = Object.keys(errors)[0];
    if (first || start === null || stop === null) {
      document.getElementById(`ad-${first ?? 'startDate'}`)?.focus();
      return;
    }
    if (!form.current.valid) {
      toast.show(t.formInvalid, 'error');
      return;
    }
    setBusy(true);
    const payload = {
      containerId: container.id, name: draft.name.trim(), text: draft.text, description: draft.description, city: draft.city,
      start, stop, isInternal: draft.isInternal, positionTypeId: draft.positionTypeId,
      ...(draft.responsibleId ? { responsibleId: draft.responsibleId } : {}),
      banner: draft.banner,
      anonymous: draftToAnonymity(draft.anonymous),
      metadata: form.current.metadata,
    };
    try {
      await dispatch(editing ? 'update_position' : 'create_position', editing ? { id: Number(id), ...payload } : payload);
      done(sv.toast.saved);
    } catch (err) {
      toast.show(handleError(err) || sv.toast.errorRetry, 'error');
      setBusy(false);
    }
  }

  async function run(actionName: 'copy_position' | 'delete_position', message: string) {
    setBusy(true);
    try {
      await dispatch(actionName, { id: Number(id) });
      done(message);
    } catch (err) {
      toast.show(handleError(err) || sv.toast.errorRetry, 'error');
      setBusy(false);
    }
  }

  const typeName = container.positionTypes.find((p) => p.id === draft.positionTypeId)?.name ?? '';
  return (
    <>
      <div className="adm-page-head">
        <h1>{editing ? t.editTitle : `${draft.isInternal ? t.newInternalTitle : t.newTitle}: ${typeName}`}</h1>
        <Link to="/admin/positions">{t.back}</Link>
      </div>
      <AdFields
        draft={draft}
        errors={errors}
        showErrors={showErrors}
        container={container}
        onChange={(patch) => {
          dirty.current = true;
          setDraft((d) => (d ? { ...d, ...patch } : d));
        }}
      />
      <h2>{t.formHeading}</h2>
      {!editing && (
        <div className="adm-form">
          {templateNote && <p role="alert" className="adm-error">{templateNote}</p>}
          {templates.length > 0 && (
            <>
              <label htmlFor="ad-template">{t.template}</label>
              <select
                id="ad-template"
                value={chosen}
                onChange={(e) => {
                  const next = templates.find((x) => String(x.asset.id) === e.target.value);
                  setChosen(e.target.value);
                  setInitial({ metadata: next?.template.metadata ?? [] });
                }}
              >
                {templates.map((x) => (
                  <option key={x.asset.id} value={String(x.asset.id)}>
                    {x.template.name}
                  </option>
                ))}
              </select>
              <p className="adm-hint">{t.templateHint}</p>
            </>
          )}
        </div>
      )}
      <FormBuilder
        key={chosen}
        initial={initial}
        onChange={(f, valid) => {
          if (seen.current && seen.current !== f.metadata) dirty.current = true;
          seen.current = f.metadata;
          form.current = { metadata: f.metadata, valid };
          setFormValid(valid);
        }}
        notify={(text, kind) => toast.show(text, kind)}
        today={todayInStockholm()}
        positionStart={stockholmDateToUnix(draft.startDate) ?? undefined}
      />
      <div className="adm-form-actions">
        <button type="button" className="adm-button adm-button-primary" onClick={save} disabled={busy} aria-describedby={formValid ? undefined : 'ad-form-invalid'}>
          {t.save}
        </button>
        {!formValid && (
          <span id="ad-form-invalid" className="adm-form-error">
            {t.formInvalid}
          </span>
        )}
        {editing && (
          <>
            <button type="button" className="adm-button" onClick={() => run('copy_position', t.copied)} disabled={busy}>
              {t.copy}
            </button>
            {confirmDelete ? (
              <span role="group" aria-label={t.confirmDelete} className="adm-confirm">
                <span>{t.confirmDelete}</span>
                <button type="button" className="adm-button adm-button-danger" onClick={() => run('delete_position', t.deleted)} disabled={busy}>
                  {t.yesDelete}
                </button>
                <button type="button" className="adm-button" onClick={() => setConfirmDelete(false)}>
                  {t.cancel}
                </button>
              </span>
            ) : (
              <button type="button" className="adm-button adm-button-danger" onClick={() => setConfirmDelete(true)} disabled={busy}>
                {t.delete}
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}

function AccessDeniedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/access-denied', { replace: true });
  }, [navigate]);
  return null;
}

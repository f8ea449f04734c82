import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import type { BuilderForm } from '../../engine/builder';
import { FormBuilder, SaveConflict, type SaveOptions } from '../../engine/react/builder';
import type { MetadataProperty } from '../../engine/types';
import { useToast } from '../shared/toast';
import { todayInStockholm } from '../../engine/dates';
import { useContainer, useSession } from '../runner/session/session';
import { isConflict, listTemplates, newTemplateKey, NoTemplatesFolder, saveTemplate, type PositionTemplate, type StoredTemplate, type TemplateType } from './templateApi';
import { KindChoice, TypeChoices } from './TypeChoices';
import '../../widgets/register';

const t = sv.admin.templates;

interface Meta {
  name: string;
  description: string;
  types: TemplateType[];
  /** 'reference': a reference form (issue 30), offered for no position type. */
  kind: 'application' | 'reference';
}

interface Loaded {
  folderId: number;
  others: StoredTemplate[];
  current?: StoredTemplate;
}

/**
 * The builder part of the pages /admin/form-templates/new and /admin/form-templates/edit/:id
 * (a view block: drag and drop, live preview, undo; both pages' blocks are alike, so creating
 * a template keeps the builder and its undo history, see Runner.tsx keyOf). Everything saves by
 * itself; a template is created at the first save that has a name.
 */
export default function TemplateEditor() {
  // Two screens share this view: /admin/form-templates/new and /admin/form-templates/edit/:id.
  const { id } = useParams();
  const mode = id === undefined ? 'new' : 'edit';
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [meta, setMeta] = useState<Meta>({ name: '', description: '', types: [], kind: 'application' });
  const [startFrom, setStartFrom] = useState('');
  // No error before input (issue 26): the name is said to be missing once it has been left empty.
  const [nameLeft, setNameLeft] = useState(false);
  // …or once the form itself is edited, since a template without a name is not saved.
  const firstForm = useRef<unknown>(null);
  const onFormChange = useCallback((form: unknown) => {
    if (firstForm.current === null) firstForm.current = form;
    else if (form !== firstForm.current) setNameLeft(true);
  }, []);
  const asset = useRef<{ id: number; revision?: number } | null>(null);
  const key = useRef(newTemplateKey());
  const created = useRef<PositionTemplate | null>(null);

  useEffect(() => {
    if (loaded) return;
    let live = true;
    listTemplates(container.id)
      .then(({ folder, templates }) => {
        if (!live) return;
        const current = mode === 'edit' ? templates.find((x) => x.asset.id === Number(id)) : undefined;
        if (mode === 'edit' && !current) {
          setError(t.notFound);
          return;
        }
        if (current) {
          asset.current = { id: current.asset.id, revision: current.asset.revision };
          key.current = current.template.key;
          created.current = current.template;
          setMeta({ name: current.template.name, description: current.template.description ?? '', types: current.template.availableInPositionTypes, kind: current.template.kind ?? 'application' });
        }
        setLoaded({ folderId: folder.id, others: templates.filter((x) => x !== current), current });
      })
      .catch((err) => live && setError(err instanceof NoTemplatesFolder ? err.message : handleError(err)));
    return () => {
      live = false;
    };
    // Loaded once per screen: after creating, the URL changes to /edit/:id but this stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container.id]);

  const save = useCallback(
    async (form: BuilderForm, opts: SaveOptions, extra: unknown) => {
      const m = extra as Meta;
      if (!loaded) return;
      const template: PositionTemplate = {
        ...(created.current ?? {}),
        key: key.current,
        name: m.name.trim(),
        description: m.description,
        availableInPositionTypes: m.kind === 'reference' ? [] : m.types,
        metadata: form.metadata,
        ...(m.kind === 'reference' ? { kind: 'reference' as const } : {}),
      };
      if (m.kind !== 'reference') delete template.kind;
      try {
        const saved = await saveTemplate(container.id, loaded.folderId, template, asset.current ?? undefined, opts);
        const isNew = !asset.current;
        asset.current = { id: saved.id, revision: saved.revision };
        created.current = template;
        if (isNew) {
          toast.show(sv.toast.templateSaved);
          navigate(`/admin/form-templates/edit/${saved.id}`, { replace: true });
        }
      } catch (err) {
        if (isConflict(err)) throw new SaveConflict(t.conflict);
        throw new Error(handleError(err));
      }
    },
    [container.id, loaded, navigate, toast, handleError],
  );

  const initial = useMemo(() => {
    const from = loaded?.current ?? loaded?.others.find((x) => String(x.asset.id) === startFrom);
    return { metadata: (from?.template.metadata ?? []) as MetadataProperty[] };
  }, [loaded, startFrom]);

  if (error) {
    return (
      <p role="alert" className="adm-error">
        {error}
      </p>
    );
  }
  if (!loaded) return <p role="status">{sv.app.loading}</p>;

  const nameMissing = meta.name.trim() === '';
  const showNameError = nameMissing && nameLeft;
  return (
    <>
      <div className="adm-form">
        <label htmlFor="tpl-name">{t.name} *</label>
        <input
          id="tpl-name"
          value={meta.name}
          required
          aria-invalid={showNameError}
          aria-describedby="tpl-name-error"
          maxLength={200}
          onChange={(e) => setMeta((m) => ({ ...m, name: e.target.value }))}
          onBlur={() => setNameLeft(true)}
        />
        <p id="tpl-name-error" className="adm-form-error">
          {showNameError ? t.nameRequired : ''}
        </p>
        <label htmlFor="tpl-description">{t.description}</label>
        <textarea id="tpl-description" rows={2} maxLength={2000} value={meta.description} onChange={(e) => setMeta((m) => ({ ...m, description: e.target.value }))} />
        <KindChoice value={meta.kind} onChange={(kind) => setMeta((m) => ({ ...m, kind }))} />
        {meta.kind === 'reference' ? (
          <p className="adm-hint">{sv.references.template.referenceHint}</p>
        ) : (
          <TypeChoices types={container.positionTypes} value={meta.types} onChange={(types) => setMeta((m) => ({ ...m, types }))} />
        )}
        {!asset.current && loaded.others.length > 0 && (
          <>
            <label htmlFor="tpl-start">{t.startFrom}</label>
            <select id="tpl-start" value={startFrom} onChange={(e) => setStartFrom(e.target.value)}>
              <option value="">{t.emptyForm}</option>
              {loaded.others.map((o) => (
                <option key={o.asset.id} value={String(o.asset.id)}>
                  {o.template.name}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <FormBuilder
        key={startFrom}
        initial={initial}
        save={save}
        extra={meta}
        canSave={!nameMissing}
        onChange={onFormChange}
        notify={(text, kind) => toast.show(text, kind)}
        today={todayInStockholm()}
      />
    </>
  );
}

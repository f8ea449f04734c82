import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { useToast } from '../shared/toast';
import { useContainer, useSession } from '../admin/session';
import { deleteTemplate, listTemplates, NoTemplatesFolder, type StoredTemplate } from '../admin/templates/templateApi';
import { fill } from '../../engine/fill';
import { ExportSchemaButton, ImportSchema } from '../admin/templates/TemplateSchemaFile';

const t = sv.admin.templates;

/** /admin/form-templates: the container's form templates, with create, edit and delete. */
export default function TemplateList() {
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const [state, setState] = useState<{ folderId: number; templates: StoredTemplate[] } | null>(null);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    listTemplates(container.id)
      .then(({ folder, templates }) => live && setState({ folderId: folder.id, templates }))
      .catch((err) => live && setError(err instanceof NoTemplatesFolder ? err.message : handleError(err)));
    return () => {
      live = false;
    };
  }, [container.id, handleError]);

  async function remove(item: StoredTemplate) {
    if (!state) return;
    try {
      await deleteTemplate(container.id, state.folderId, item.asset.id);
      setState({ ...state, templates: state.templates.filter((x) => x !== item) });
      setConfirming(null);
      toast.show(sv.toast.templateDeleted);
    } catch (err) {
      toast.show(handleError(err) || sv.toast.errorRetry, 'error');
    }
  }

  return (
    <>
      <div className="adm-page-head">
        <h1>{t.title}</h1>
        {state && (
          <Link to="/admin/form-templates/new" className="adm-button adm-button-primary">
            {t.create}
          </Link>
        )}
      </div>
      {error && (
        <p role="alert" className="adm-error">
          {error}
        </p>
      )}
      {state && <ImportSchema containerId={container.id} onImported={(item) => setState((s) => (s ? { ...s, templates: [...s.templates, item] } : s))} />}
      {!state && !error && <p role="status">{sv.admin.loading}</p>}
      {state && state.templates.length === 0 && <p>{t.empty}</p>}
      {state && state.templates.length > 0 && (
        <ul className="adm-cards">
          {state.templates.map((item) => {
            const types = item.template.availableInPositionTypes.filter((a) => a.included);
            return (
              <li key={item.asset.id} className="adm-card">
                <h2 className="adm-card-title">{item.template.name}</h2>
                {item.template.description && <p>{item.template.description}</p>}
                <p className="adm-card-meta">
                  {types.length === 0
                    ? t.noTypesChosen
                    : types.map((a) => `${a.positionTypeName ?? a.positionTypeId}${a.default ? ` (${t.defaultShort})` : ''}`).join(', ')}
                  {' · '}
                  {fill(t.fieldCount, { n: String(item.template.metadata.length) })}
                </p>
                <div className="adm-actions">
                  <Link to={`/admin/form-templates/edit/${item.asset.id}`} aria-label={`${t.edit} ${item.template.name}`}>
                    {t.edit}
                  </Link>
                  <ExportSchemaButton containerId={container.id} item={item} />
                  {confirming === item.asset.id ? (
                    <span role="group" aria-label={fill(t.confirmDelete, { name: item.template.name })} className="adm-confirm">
                      <span>{fill(t.confirmDelete, { name: item.template.name })}</span>
                      <button type="button" className="adm-button adm-button-small adm-button-danger" onClick={() => remove(item)}>
                        {t.yesDelete}
                      </button>
                      <button type="button" className="adm-button adm-button-small" onClick={() => setConfirming(null)}>
                        {t.cancel}
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="adm-button adm-button-small adm-button-danger"
                      aria-label={`${t.delete} ${item.template.name}`}
                      onClick={() => setConfirming(item.asset.id)}
                    >
                      {t.delete}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

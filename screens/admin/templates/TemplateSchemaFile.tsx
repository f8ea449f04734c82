import { useId, useRef, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { dispatch } from '../../api';
import { useToast } from '../../shared/toast';
import { useSession } from '../session';
import { decodeJson, type StoredTemplate, type PositionTemplate } from './templateApi';

const t = sv.formImport;

function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/schema+json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'Exportera som JSON Schema' on a template's card: the file get_formTemplateSchema writes. */
export function ExportSchemaButton({ containerId, item }: { containerId: number; item: StoredTemplate }) {
  const { handleError } = useSession();
  const toast = useToast();
  async function run() {
    try {
      const file = await dispatch('get_formTemplateSchema', { containerId, id: item.asset.id });
      saveFile(`${item.template.key}.schema.json`, JSON.stringify(file, null, 2));
    } catch (err) {
      toast.show(handleError(err) || sv.toast.errorRetry, 'error');
    }
  }
  return (
    <button type="button" className="adm-button adm-button-small" aria-label={`${t.export}: ${item.template.name}`} onClick={run}>
      {t.export}
    </button>
  );
}

/**
 * 'Importera JSON Schema': a file (as exported, or a plain JSON Schema) becomes a new template
 * (import_formTemplateSchema); the server's Swedish refusal is shown as it is, nothing stored.
 */
export function ImportSchema({ containerId, onImported }: { containerId: number; onImported: (item: StoredTemplate) => void }) {
  const { handleError } = useSession();
  const toast = useToast();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  async function chosen(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const name = file.name.replace(/(\.schema)?\.json$/i, '').slice(0, 200) || file.name.slice(0, 200);
      const asset = await dispatch('import_formTemplateSchema', { containerId, name: fill(t.importedName, { name }).slice(0, 200), file: await file.text() });
      const template = decodeJson(asset.data) as PositionTemplate;
      onImported({ asset, template });
      toast.show(fill(t.imported, { name: template.name }));
    } catch (err) {
      setError(handleError(err) || sv.toast.errorRetry);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="adm-import">
      <label htmlFor={id}>{t.import}</label>
      <input
        id={id}
        ref={input}
        type="file"
        accept="application/json,application/schema+json,.json"
        aria-describedby={`${id}-help`}
        disabled={busy}
        onChange={(e) => void chosen(e.target.files?.[0])}
      />
      <p id={`${id}-help`} className="adm-hint">
        {t.importHelp}
      </p>
      {error && (
        <p role="alert" className="adm-error">
          {error}
        </p>
      )}
    </div>
  );
}

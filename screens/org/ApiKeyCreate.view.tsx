import { useId, useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import type { ActionData } from '../../schemas/generated/actions';
import { ApiError } from '../api';
import { viewCall } from '../runner/viewCall';
import { useContainer } from '../runner/session/session';
import type { ViewProps } from '../runner/types';
import '../odin/odin.css';
import { BusyButton } from '../shared/BusyButton';

const t = sv.apiKeys.ui;
const call = viewCall('ApiKeyCreate');
type Scope = ActionData['create_apiKey']['scopes'][number];
const SCOPES = Object.keys(sv.apiKeyScopes) as Scope[];

/**
 * Creating an API key on /admin/integration/api-keys (schemas/screens/api-keys.json): a name and
 * its scopes; the key is shown once, with a copy button, and then the page's list is loaded again.
 */
export default function ApiKeyCreate({ reload }: ViewProps) {
  const container = useContainer();
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [copied, setCopied] = useState('');

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError(t.needName);
    if (!scopes.length) return setError(t.needScope);
    setBusy(true);
    setError('');
    try {
      const answer = await call('create_apiKey', { containerId: container.id, name: name.trim(), scopes });
      setMade({ name: name.trim(), key: answer.key });
      setCopied('');
      setName('');
      setScopes([]);
      reload?.();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t.failed);
    } finally {
      setBusy(false);
    }
  }

  async function copy(key: string) {
    try {
      await navigator.clipboard.writeText(key);
      setCopied(t.copied);
    } catch {
      setCopied(t.copyFailed);
    }
  }

  return (
    <>
      {made && (
        <section className="odin-form" role="status" aria-labelledby={`${id}-made`}>
          <h3 id={`${id}-made`}>{fill(t.createdTitle, { name: made.name })}</h3>
          <p>{t.showOnce}</p>
          <div className="odin-field">
            <label htmlFor={`${id}-key`}>{t.keyLabel}</label>
            <input id={`${id}-key`} readOnly value={made.key} onFocus={(e) => e.target.select()} spellCheck={false} />
          </div>
          <button type="button" className="adm-button" onClick={() => void copy(made.key)}>
            {t.copy}
          </button>
          <span aria-live="polite"> {copied}</span>
        </section>
      )}
      <form className="odin-form" onSubmit={save} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t.title}</h2>
        <div className="odin-field">
          <label htmlFor={`${id}-name`}>{t.name}</label>
          <input id={`${id}-name`} value={name} maxLength={100} aria-describedby={`${id}-help`} onChange={(e) => setName(e.target.value)} />
          <small id={`${id}-help`}>{t.nameHelp}</small>
        </div>
        <fieldset>
          <legend>{t.scopes}</legend>
          {SCOPES.map((scope) => (
            <div key={scope}>
              <label>
                <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => setScopes(e.target.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))} />{' '}
                {sv.apiKeyScopes[scope]}
              </label>
            </div>
          ))}
        </fieldset>
        {error && (
          <p role="alert" className="adm-error">
            {error}
          </p>
        )}
        <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
          {t.create}
        </BusyButton>
      </form>
    </>
  );
}

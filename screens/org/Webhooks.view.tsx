import { useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { fill } from '../../engine/fill';
import { viewCall } from '../runner/viewCall';
import { useContainer, useSession } from '../runner/session/session';
import { fieldErrors, messageOf } from '../runner/serverErrors';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { useConfirm } from '../shared/ConfirmDialog';
import { useLoad } from '../shared/useLoad';
import { useToast } from '../shared/toast';
import { WebhookLog } from './WebhookLog';
import './org.css';
import { BusyButton } from '../shared/BusyButton';

const t = sv.webhooks;
const call = viewCall('Webhooks');
type EventName = keyof typeof t.eventNames;
const EVENTS = Object.keys(t.eventNames) as EventName[];

/**
 * The organisation's webhooks on /admin/integration (issue 29 item 6): subscribe a receiver's
 * URL to events (the signing secret is shown once, with a copy button), remove one, and read
 * each one's delivery log with 'Skicka igen' (WebhookLog).
 */
export default function Webhooks(_: ViewProps) {
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const hooks = useLoad(() => call('get_webhooks', { containerId: container.id }), String(container.id));
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventName[]>(['application.created']);
  const [urlError, setUrlError] = useState('');
  const [formError, setFormError] = useState('');
  const [created, setCreated] = useState<ActionAnswer['create_webhook'] | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setUrlError('');
    setFormError('');
    if (!events.length) return setFormError(t.chooseEvent);
    setBusy(true);
    try {
      setCreated(await call('create_webhook', { containerId: container.id, url: url.trim(), events }));
      setUrl('');
      toast.show(t.added);
      hooks.reload();
    } catch (err) {
      handleError(err);
      const found = fieldErrors(err);
      if (found['/url']) setUrlError(found['/url']);
      else setFormError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number) => {
    if (!(await confirm({ message: t.removeConfirm, danger: true, confirmLabel: t.remove }))) return;
    try {
      await call('delete_webhook', { containerId: container.id, id });
      toast.show(t.removed);
      hooks.reload();
    } catch (err) {
      toast.show(handleError(err), 'error');
    }
  };

  const copy = () => {
    if (created) void navigator.clipboard?.writeText(created.secret).then(() => toast.show(t.copied));
  };

  return (
    <section className="org-webhooks">
      <p>{t.intro}</p>
      {hooks.error ? <Failure onRetry={hooks.reload} /> : !hooks.data ? <Loading /> : null}
      {hooks.data && hooks.data.length === 0 && <p>{t.none}</p>}
      {hooks.data && hooks.data.length > 0 && (
        <ul className="org-webhook-list">
          {hooks.data.map((h) => (
            <li key={h.id}>
              <strong>{h.url}</strong>
              <div>{h.events.map((ev) => t.eventNames[ev]).join(', ')}</div>
              <div>
                {fill(t.pendingCount, { count: String(h.pending) })}, {fill(t.failedCount, { count: String(h.failed) })}
              </div>
              <button type="button" className="adm-button adm-button-small" aria-expanded={open === h.id} onClick={() => setOpen(open === h.id ? null : h.id)}>
                {open === h.id ? t.hideLog : t.showLog}
              </button>{' '}
              <button type="button" className="adm-button adm-button-small adm-button-danger" onClick={() => void remove(h.id)}>
                {t.remove}
              </button>
              {open === h.id && <WebhookLog containerId={container.id} webhookId={h.id} />}
            </li>
          ))}
        </ul>
      )}
      {created && (
        <div role="status" className="org-webhook-secret">
          <p>{t.secretOnce}</p>
          <code>{created.secret}</code>{' '}
          <button type="button" className="adm-button adm-button-small" onClick={copy}>
            {t.copy}
          </button>{' '}
          <button type="button" className="adm-button adm-button-small" onClick={() => setCreated(null)}>
            {t.done}
          </button>
        </div>
      )}
      <form className="org-webhook-form" onSubmit={(e) => void add(e)} noValidate>
        <label htmlFor="webhook-url">{t.url}</label>
        <input
          id="webhook-url"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? 'webhook-url-error' : undefined}
        />
        {urlError && (
          <p id="webhook-url-error" className="org-error">
            {urlError}
          </p>
        )}
        <fieldset className="adm-fieldset">
          <legend>{t.events}</legend>
          {EVENTS.map((ev) => (
            <label key={ev}>
              <input type="checkbox" checked={events.includes(ev)} onChange={(e) => setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))} />{' '}
              {t.eventNames[ev]}
            </label>
          ))}
        </fieldset>
        <p role="alert" className="org-error">
          {formError}
        </p>
        <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
          {t.add}
        </BusyButton>
      </form>
      {dialog}
    </section>
  );
}

import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { dispatch } from '../api';
import { useContainer, useSession } from '../admin/session';
import { useToast } from '../shared/toast';
import type { NotificationType } from './notifications';

const t = sv.shell.profile;

interface Preferences {
  realtime: boolean;
  email: boolean;
  /** Absent: every type. */
  types?: NotificationType[];
}

/** The types offered, in the order a recruiter cares about them (names in sv.json). */
const TYPES = Object.keys(t.typeNames) as NotificationType[];
/** A stored type this screen offers (the answer's list is plain strings). */
const isOffered = (x: string): x is NotificationType => (TYPES as string[]).includes(x);

/**
 * /admin/profile: the user's notification preferences in the chosen organisation
 * (get_UserNotificationPreferences / update_NotificationPreferences). All types checked is
 * stored as "all types" (no list), so types added later reach the user too.
 */
export function ProfileForm() {
  const container = useContainer();
  const { handleError } = useSession();
  const { show } = useToast();
  const id = useId();
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    setPrefs(null);
    try {
      const p = await dispatch('get_UserNotificationPreferences', { containerId: container.id });
      setPrefs({ realtime: p.realtime !== false, email: p.email === true, types: p.types?.filter(isOffered) });
    } catch (err) {
      handleError(err);
      setFailed(true);
    }
  }, [container.id, handleError]);

  useEffect(() => {
    void load();
  }, [load]);

  if (failed) {
    return (
      <div role="alert">
        <p>{t.error}</p>
        <button type="button" className="bk-btn" onClick={() => void load()}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (!prefs) return <p role="status">{sv.shell.bell.loading}</p>;

  const chosen = new Set(prefs.types ?? TYPES);
  const toggleType = (type: NotificationType, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(type);
    else next.delete(type);
    setPrefs({ ...prefs, types: TYPES.filter((x) => next.has(x)) });
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!prefs || busy) return;
    setBusy(true);
    const types = prefs.types && prefs.types.length < TYPES.length ? prefs.types : undefined;
    try {
      await dispatch('update_NotificationPreferences', {
        containerId: container.id,
        notificationPreferences: { realtime: prefs.realtime, email: prefs.email, ...(types ? { types } : {}) },
      });
      show(t.saved, 'success');
    } catch (err) {
      show(handleError(err), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="sh-form" onSubmit={save}>
      <p className="sh-form-intro">{fill(t.intro, { company: container.displayName || container.name })}</p>
      <div className="sh-check">
        <input id={`${id}-rt`} type="checkbox" checked={prefs.realtime} onChange={(e) => setPrefs({ ...prefs, realtime: e.target.checked })} />
        <label htmlFor={`${id}-rt`}>{t.realtime}</label>
      </div>
      <div className="sh-check">
        <input id={`${id}-mail`} type="checkbox" checked={prefs.email} onChange={(e) => setPrefs({ ...prefs, email: e.target.checked })} />
        <label htmlFor={`${id}-mail`}>{t.email}</label>
      </div>
      <fieldset className="sh-fieldset">
        <legend>{t.types}</legend>
        {TYPES.map((type) => (
          <div className="sh-check" key={type}>
            <input id={`${id}-${type}`} type="checkbox" checked={chosen.has(type)} onChange={(e) => toggleType(type, e.target.checked)} />
            <label htmlFor={`${id}-${type}`}>{t.typeNames[type as keyof typeof t.typeNames]}</label>
          </div>
        ))}
      </fieldset>
      <div>
        <button type="submit" className="bk-btn bk-btn-primary" disabled={busy}>
          {t.save}
        </button>
      </div>
    </form>
  );
}

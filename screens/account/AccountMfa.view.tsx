import { useCallback, useEffect, useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { fill } from '../../engine/fill';
import { dispatch } from '../api';
import { Failure, Loading } from '../runner/states';
import { createPasskey } from './passkey';
import { RecoveryCodes, TotpEnrolment, type TotpStart } from './TotpEnrolment';
import { useAttempt } from './useAttempt';
import { BusyButton } from '../shared/BusyButton';

const t = sv.mfa;
type Summary = ActionAnswer['get_mfa'];

/**
 * The account's second factors (schemas/screens/account-security.json): TOTP on or off with the
 * recovery codes left, the passkeys, and adding or removing either. A refusal is said at the
 * section (role=alert); what was done, in a status line.
 */
export default function AccountMfa() {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [failed, setFailed] = useState(false);
  const [start, setStart] = useState<TotpStart | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [name, setName] = useState('');
  const { busy, error, run: attempt } = useAttempt();
  const [status, setStatus] = useState('');

  const load = useCallback(() => {
    setFailed(false);
    dispatch('get_mfa', {}).then(setSummary, () => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const run = (work: () => Promise<void>) => {
    setStatus('');
    return attempt(work);
  };
  const addPasskey = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const options = await dispatch('create_passkeyRegistration', {});
      const response = (await createPasskey(options)) as Record<string, unknown>;
      setSummary(await dispatch('update_passkeyRegistration', { response, name: name.trim() || t.passkeyDefaultName }));
      setName('');
      setStatus(t.passkeyAdded);
    });
  };

  if (failed) return <Failure onRetry={load} />;
  if (!summary) return <Loading />;
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  return (
    <div className="mfa-account">
      {summary.required && <p role="note">{t.required}</p>}
      <section aria-labelledby="mfa-totp-title">
        <h2 id="mfa-totp-title">{summary.totp ? t.totpOn : t.totpOff}</h2>
        {summary.totp && <p>{fill(t.recoveryLeft, { count: summary.recoveryCodesLeft })}</p>}
        {start ? (
          <TotpEnrolment
            start={start}
            idPrefix="mfa-account"
            confirm={async (code) => {
              const done = await dispatch('update_totpEnrollment', { code });
              setStart(null);
              setCodes(done.recoveryCodes);
              setStatus(t.totpAdded);
              load();
            }}
          />
        ) : (
          <p>
            <BusyButton type="button" className="adm-button adm-button-primary" busy={busy} onClick={() => void run(async () => setStart(await dispatch('create_totpEnrollment', {})))}>
              {t.addTotp}
            </BusyButton>{' '}
            {summary.totp && (
              <BusyButton type="button" className="adm-button" busy={busy} onClick={() => void run(async () => setSummary(await dispatch('delete_totpEnrollment', {})))}>
                {t.removeTotp}
              </BusyButton>
            )}
          </p>
        )}
      </section>
      <section aria-labelledby="mfa-passkeys-title">
        <h2 id="mfa-passkeys-title">{t.passkeysTitle}</h2>
        {summary.passkeys.length === 0 ? (
          <p>{t.noPasskeys}</p>
        ) : (
          <ul className="mfa-passkeys">
            {summary.passkeys.map((p) => (
              <li key={p.id}>
                {p.name}{' '}
                <BusyButton type="button" className="adm-button" busy={busy} onClick={() => void run(async () => setSummary(await dispatch('delete_passkey', { id: p.id })))}>
                  {fill(t.removePasskey, { name: p.name })}
                </BusyButton>
              </li>
            ))}
          </ul>
        )}
        <form className="adm-session-form" onSubmit={addPasskey} noValidate>
          <label htmlFor="mfa-passkey-name">{t.passkeyName}</label>
          <input id="mfa-passkey-name" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
          <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
            {t.addPasskey}
          </BusyButton>
        </form>
      </section>
      {error && (
        <p role="alert" className="adm-error">
          {error}
        </p>
      )}
      <p role="status">{status}</p>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { accountPost } from '../api';
import { useSession } from '../runner/session/session';
import { useLanding } from '../runner/session/sessionEffects';
import { validUser } from '../runner/session/token';
import type { ViewProps } from '../runner/types';
import { signWithPasskey } from './passkey';
import { RecoveryCodes, TotpEnrolment, type TotpStart } from './TotpEnrolment';
import { useAttempt } from './useAttempt';
import { BusyButton } from '../shared/BusyButton';

const t = sv.mfa;

interface Answer {
  ticket: string;
  mfa?: ('totp' | 'webauthn')[];
  mfaEnrolmentRequired?: boolean;
  /** Where a sign-in link leads (its confirm's answer); else the login's landing. */
  next?: string;
}

/** An own path only (the server made it safe; a stray `//host` still never leaves the site). */
const ownPath = (next: unknown): string | null => (typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') ? next : null);

/**
 * The login's second step (schemas/screens/login.json `followUp`, issue 29 item 3), in the
 * form's place once the password was right: a code from the authenticator app, a passkey, or a
 * recovery code, finished at POST /api/account/login/mfa with the login's ticket. Someone who
 * must have a factor and has none enrols TOTP here first and sees their recovery codes once.
 * Then the session starts and lands where the login would have, or where a mailed link led
 * (`next`): the sign-in link, e-mail change and invitation pages use it as their `followUp` too.
 */
export default function LoginSecondStep({ props }: ViewProps) {
  const answer = props.answer as Answer;
  const { login } = useSession();
  const land = useLanding();
  const navigate = useNavigate();
  const factors = answer.mfa ?? [];
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = useAttempt();
  const [start, setStart] = useState<TotpStart | null>(null);
  const [codes, setCodes] = useState<{ codes: string[]; token: string } | null>(null);

  const finish = (token: string) => {
    login(token);
    void navigate(ownPath(answer.next) ?? land(validUser(token)?.sub ?? ''), { replace: true });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => finish(((await accountPost('/api/account/login/mfa', { ticket: answer.ticket, code: code.trim() })) as { token: string }).token));
  };
  const passkey = () =>
    run(async () => {
      const options = await accountPost('/api/account/login/mfa/passkey', { ticket: answer.ticket });
      const webauthn = await signWithPasskey(options);
      finish(((await accountPost('/api/account/login/mfa', { ticket: answer.ticket, webauthn })) as { token: string }).token);
    });
  const back = (
    <p>
      <button type="button" className="scr-link-button" onClick={props.back as () => void}>
        {t.back}
      </button>
    </p>
  );

  if (codes) return <RecoveryCodes codes={codes.codes} onDone={() => finish(codes.token)} />;
  if (answer.mfaEnrolmentRequired) {
    return (
      <>
        <h2>{t.enrolTitle}</h2>
        <p role="note">{t.enrolOnly}</p>
        {start ? (
          <TotpEnrolment
            start={start}
            idPrefix="mfa-enrol"
            confirm={async (c) => {
              const done = (await accountPost('/api/account/login/mfa', { ticket: answer.ticket, code: c })) as { token: string; recoveryCodes: string[] };
              setCodes({ codes: done.recoveryCodes, token: done.token });
            }}
          />
        ) : (
          <BusyButton type="button" className="adm-button adm-button-primary" busy={busy} onClick={() => void run(async () => setStart((await accountPost('/api/account/login/mfa/enrol', { ticket: answer.ticket })) as TotpStart))}>
            {t.addTotp}
          </BusyButton>
        )}
        {error && (
          <p role="alert" className="adm-error">
            {error}
          </p>
        )}
        {back}
      </>
    );
  }

  const label = mode === 'code' ? t.codeLabel : t.recoveryLabel;
  return (
    <>
      <h2>{t.stepTitle}</h2>
      {factors.includes('totp') && (
        <form className="adm-session-form" onSubmit={submit} noValidate>
          {mode === 'code' && <p>{t.stepIntro}</p>}
          <label htmlFor="mfa-code">{label}</label>
          <input
            id="mfa-code"
            name={mode === 'code' ? 'code' : 'recovery'}
            autoComplete={mode === 'code' ? 'one-time-code' : 'off'}
            inputMode={mode === 'code' ? 'numeric' : 'text'}
            maxLength={mode === 'code' ? 6 : 20}
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'mfa-error' : undefined}
          />
          <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
            {t.submit}
          </BusyButton>
        </form>
      )}
      {error && (
        <p id="mfa-error" role="alert" className="adm-error">
          {error}
        </p>
      )}
      {factors.includes('webauthn') && (
        <p>
          <BusyButton type="button" className="adm-button" busy={busy} onClick={() => void passkey()}>
            {t.usePasskey}
          </BusyButton>
        </p>
      )}
      {factors.includes('totp') && (
        <p>
          <button
            type="button"
            className="scr-link-button"
            onClick={() => {
              setMode(mode === 'code' ? 'recovery' : 'code');
              setCode('');
              setError('');
            }}
          >
            {mode === 'code' ? t.useRecovery : t.useCode}
          </button>
        </p>
      )}
      {back}
    </>
  );
}

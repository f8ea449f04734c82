import { useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { useAttempt } from './useAttempt';
import type { CreateTotpEnrollmentAnswer } from '../../schemas/generated/actions';
import { BusyButton } from '../shared/BusyButton';

const t = sv.mfa;

/** What create_totpEnrollment (and the enrolment step of a login) answers. */
export type TotpStart = CreateTotpEnrollmentAnswer;

/**
 * The QR code (an SVG from the server), the key to type instead, and the field for the first
 * code; `confirm(code)` finishes the enrolment (it throws the server's refusal).
 */
export function TotpEnrolment({ start, confirm, idPrefix }: { start: TotpStart; confirm(code: string): Promise<void>; idPrefix: string }) {
  const [code, setCode] = useState('');
  const { busy, error, run } = useAttempt();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    return run(() => confirm(code.trim()));
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="adm-session-form mfa-enrol" noValidate>
      <p>{t.enrolIntro}</p>
      <img src={start.qr} alt={t.qrAlt} width={200} height={200} className="mfa-qr" />
      <p>
        {t.secretLabel}: <code className="mfa-secret">{start.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
      <label htmlFor={`${idPrefix}-code`}>{t.codeLabel}</label>
      <input
        id={`${idPrefix}-code`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${idPrefix}-error` : undefined}
      />
      {error && (
        <p id={`${idPrefix}-error`} role="alert" className="adm-error">
          {error}
        </p>
      )}
      <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
        {t.confirmTotp}
      </BusyButton>
    </form>
  );
}

/** The recovery codes, shown once after an enrolment. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <section aria-labelledby="mfa-recovery-title">
      <h2 id="mfa-recovery-title">{t.recoveryTitle}</h2>
      <p>{t.recoveryIntro}</p>
      <ul className="mfa-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="adm-button adm-button-primary" onClick={onDone}>
        {t.continue}
      </button>
    </section>
  );
}

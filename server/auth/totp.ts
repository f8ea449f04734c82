import * as OTPAuth from 'otpauth';

/**
 * The one adapter for `otpauth` and `qrcode` (RFC 6238 TOTP): SHA-1, 6 digits, 30-second
 * steps, the authenticator apps' common default. Codes are checked within ±1 step; the step a
 * code belonged to is returned so the caller can refuse it a second time.
 */
const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Blankett';

function totpOf(secret: string, label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** A fresh random secret (160 bits, base32). */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** The URI as an SVG QR code (a `data:` URL the page shows as an image). */
export async function qrSvgDataUrl(text: string): Promise<string> {
  // qrcode loads with the first QR code a person sets up, not with every start-up.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step (unix seconds / 30) of the code when it is right for `nowMs` within ±1 step,
 * else null. Only six digits are compared.
 */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

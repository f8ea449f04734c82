/**
 * The password lengths of Blankett, shared by the server's rules (server/auth/password-rules.ts)
 * and the forms that set a password, so the browser's hint and the server's answer agree.
 * Length counts characters (code points), not UTF-16 units: 'åäö' is three.
 */
export const PASSWORD_MIN = 10;
/** scrypt takes any length, but nobody types more; the cap keeps request work bounded. */
export const PASSWORD_MAX = 256;

export function passwordLength(password: string): number {
  return [...password].length;
}

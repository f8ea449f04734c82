/**
 * Which page may open the hub. Browsers always send Origin on a WebSocket handshake and
 * cookies or tokens do not protect against a foreign page opening one (cross-site WebSocket
 * hijacking), so a browser's Origin must name this very host. A missing Origin means a
 * non-browser client, which still needs a valid token.
 */
export type OriginPolicy = (origin: string | undefined, host: string | undefined) => boolean;

export const sameHostOrigin: OriginPolicy = (origin, host) => {
  if (origin === undefined) return true;
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
};

/** Same host, or one of the listed origins exactly (e.g. `https://portal.example.se`). */
export function allowOrigins(list: string[]): OriginPolicy {
  const allowed = new Set(list.map((o) => o.toLowerCase().replace(/\/$/, '')));
  return (origin, host) => sameHostOrigin(origin, host) || (origin !== undefined && allowed.has(origin.toLowerCase()));
}

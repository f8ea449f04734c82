import sv from '../../schemas/messages/sv.json' with { type: 'json' };

/**
 * The hub's tiny client protocol: JSON text frames `{ type: 'Join' | 'Leave', containerId }`.
 * Anything else is answered with an Exception event in Swedish; nothing a client sends can
 * take the connection's principal or another group's events.
 */
type ClientMessage = { type: 'Join' | 'Leave'; containerId: number };

export type Parsed = { ok: true; message: ClientMessage } | { ok: false; message: string };

const m = sv.realtime;

function containerIdOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  // SignalR-style clients may send the id as text.
  if (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)) return Number(value);
  return null;
}

export function parseClientMessage(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): Parsed {
  if (isBinary) return { ok: false, message: m.badMessage };
  const text = Buffer.isBuffer(data) ? data.toString('utf8') : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: m.badMessage };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: m.badMessage };
  const { type, containerId } = value as Record<string, unknown>;
  if (type !== 'Join' && type !== 'Leave') return { ok: false, message: m.unknownType };
  const id = containerIdOf(containerId);
  if (id === null) return { ok: false, message: m.badMessage };
  return { ok: true, message: { type, containerId: id } };
}

export function exception(message: string): string {
  return JSON.stringify({ type: 'Exception', message });
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from './base/logger';

/**
 * The request a log line belongs to: set by the request-id middleware for the whole request.
 * `heavy`: the request works in slices (store/slices.ts), so other requests go first.
 */
export const requestContext = new AsyncLocalStorage<{ requestId: string; heavy?: boolean }>();

type Level = 'info' | 'warn' | 'error';

/** Field names whose values never reach a log line, whatever a caller passes. */
const SECRET_FIELDS = /pass(word)?|token|secret|authorization|ssn|personnummer|body/i;
/** 10–12 digit runs (with an optional - or +) look like personnummer. */
const PNR = /\b(\d{6}|\d{8})[-+]?\d{4}\b/g;

function clean(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(PNR, '[redacted]').slice(0, 500);
  if (value instanceof Error) return { name: value.name, message: clean(value.message) };
  if (Array.isArray(value)) return depth > 3 ? '[array]' : value.slice(0, 20).map((v) => clean(v, depth + 1));
  if (value && typeof value === 'object') {
    if (depth > 3) return '[object]';
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELDS.test(k) ? '[redacted]' : clean(v, depth + 1);
    return out;
  }
  return value;
}

/**
 * One JSON line per event on stdout (errors on stderr), with the request's id when it
 * happens inside one. Values are scrubbed: secret-looking
 * fields are dropped and personnummer-like digit runs masked, so a careless caller cannot
 * leak tokens, passwords or personnummer into the log.
 */
export function createLogger(opts: { silent?: boolean; write?: (line: string, level: Level) => void } = {}): Logger {
  const write =
    opts.write ??
    ((line: string, level: Level) => (level === 'error' ? process.stderr : process.stdout).write(line + '\n'));
  const emit = (level: Level, msg: string, fields?: Record<string, unknown>) => {
    if (opts.silent) return;
    const requestId = requestContext.getStore()?.requestId;
    const entry = { t: new Date().toISOString(), level, ...(requestId ? { requestId } : {}), msg: clean(msg), ...(fields ? (clean(fields) as object) : {}) };
    write(JSON.stringify(entry), level);
  };
  return {
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
  };
}

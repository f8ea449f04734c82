import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnMain, type ServerProcess } from '../../../scripts/server-process';
import { dataUrl, PDF, validAnswers } from './domain';
import { loginOverHttp, TEST_TOTP_SECRET } from './totp';
import type { ActionAnswer, ActionName } from '../../../schemas/generated/actions';

/**
 * The real server (`server/main.ts`) as its own process on the embedded store, for the
 * crash tests: unlike tests/e2e/helpers/app.ts it needs no built front end or browser, keeps
 * the DATA_DIR it is given (so it can be killed and started again on it) and leaves killing
 * to the test.
 */

export const MAIN_PASSWORD = 'demo-pass-123';
export type { ServerProcess };

export async function spawnServer(dataDir: string, env: Record<string, string> = {}, opts: { startMs?: number } = {}): Promise<ServerProcess> {
  const dist = join(dataDir, '..', 'no-dist');
  mkdirSync(dist, { recursive: true });
  return spawnMain({
    DATA_DIR: dataDir,
    DIST_DIR: dist,
    DEMO_PASSWORD: MAIN_PASSWORD,
    DEMO_TOTP_SECRET: TEST_TOTP_SECRET,
    NODE_ENV: 'test',
    MONGODB_URI: '',
    APPLY_RATE_LIMIT: '1000000',
    ...env,
  }, opts);
}

/** The demo organisation's open public position (the seed's first). */
export async function openPositionId(url: string): Promise<number> {
  const r = (await (await fetch(`${url}/api/public/positions?take=20&page=1`)).json()) as { data: { items: { id: number; status: string }[] } };
  const p = r.data.items.find((i) => i.status === 'Öppen');
  if (!p) throw new Error('no open demo position');
  return p.id;
}

/** A public application with a PDF attached; the answer's status and id. */
export async function applyWithCv(url: string, positionId: number, email: string): Promise<{ status: number; id?: number }> {
  const metadata = validAnswers(email, { form_file: [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) }] });
  const res = await fetch(`${url}/api/public/positions/apply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create_jobApplication', data: { email, positionId, metadata } }),
  });
  const body = (await res.json().catch(() => null)) as { data?: { id?: number } } | null;
  return { status: res.status, id: body?.data?.id };
}

export function loginAs(url: string, email: string): Promise<string> {
  return loginOverHttp(url, email, MAIN_PASSWORD);
}

export async function dispatch(url: string, token: string, action: string, data: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}/api/dispatcher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ action, data }),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** A call that must answer 200: its data, typed from the action table (anything else throws with the status and body). */
export async function answerOf<A extends ActionName>(url: string, token: string, action: A, data: unknown): Promise<ActionAnswer[A]> {
  const res = await fetch(`${url}/api/dispatcher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ action, data }),
  });
  const body: unknown = await res.json().catch(() => null);
  if (res.status !== 200) throw new Error(`${action}: ${res.status} ${JSON.stringify(body)}`);
  return (body as { data: ActionAnswer[A] }).data;
}

export interface Audit {
  /** Applications in the store by id, with their email. */
  apps: Map<number, { email: string; notes: string[] }>;
  /** Applications missing a part a complete one has (answers, info, creation log, a readable blob per file). */
  incomplete: number[];
  /** Blob files no application lists, and writer temp files. */
  orphans: string[];
  /** How many stored applications each address has (one each: nothing stored twice). */
  perEmail: Map<string, number>;
  /** How many new-application notifications each application id has. */
  notified: Map<number, number>;
}

/** Opens a stopped server's DATA_DIR and checks every application and blob in it. */
export async function auditDataDir(dataDir: string): Promise<Audit> {
  const { readdirSync } = await import('node:fs');
  const { EmbeddedStore } = await import('../../../server/store/embedded');
  const { FileBlobStore } = await import('../../../server/blobs/file');
  const store = EmbeddedStore.open(dataDir, { log: { info() {}, warn() {}, error() {} } as never });
  try {
    const blobs = new FileBlobStore(dataDir);
    type App = { id: number; email: string; info?: unknown; metadata?: unknown; logs?: { what: string }[]; files?: { url: string }[]; notes?: { note: string }[] };
    const list = await store.collection<App>('applications').find({});
    const apps = new Map<number, { email: string; notes: string[] }>();
    const perEmail = new Map<string, number>();
    for (const a of list) perEmail.set(a.email, (perEmail.get(a.email) ?? 0) + 1);
    const notified = new Map<number, number>();
    for (const n of await store.collection<{ data?: { id?: number } }>('notifications').find({ type: 'create_jobApplication' })) {
      if (typeof n.data?.id === 'number') notified.set(n.data.id, (notified.get(n.data.id) ?? 0) + 1);
    }
    const incomplete: number[] = [];
    const referenced = new Set<string>();
    for (const a of list) {
      apps.set(a.id, { email: a.email, notes: (a.notes ?? []).map((n) => n.note) });
      let whole = !!a.info && !!a.metadata && a.logs?.[0]?.what === 'created' && (a.files?.length ?? 0) > 0;
      for (const f of a.files ?? []) {
        referenced.add(f.url);
        const blob = await blobs.get(f.url);
        if (!blob || !Buffer.from(blob.data).equals(PDF)) whole = false;
      }
      if (!whole) incomplete.push(a.id);
    }
    const orphans: string[] = [];
    const walk = (dir: string, prefix: string) => {
      let entries: import('node:fs').Dirent[] = [];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const id = prefix ? `${prefix}/${e.name}` : e.name;
        if (e.isDirectory()) walk(join(dir, e.name), id);
        else if (!referenced.has(id)) orphans.push(id);
      }
    };
    walk(blobs.root, '');
    return { apps, incomplete, orphans, perEmail, notified };
  } finally {
    await store.close();
  }
}

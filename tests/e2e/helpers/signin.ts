import { outboxTo } from '../../integration/helpers/mailbox';
import type { RunningApp } from './app';

/**
 * The newest link to /signin-link (or another page: `kind`) mailed to `email` (the outbox of the file mailer),
 * counting only mails that contain `text` (the link itself unless told, e.g. 'Se din ansökan' for a sign-in link
 * in the confirmation mail).
 */
export async function mailedLink(app: RunningApp, email: string, count = 1, kind = '/signin-link#', text = kind): Promise<string> {
  // A plain loop, not expect.poll (this also runs in beforeAll): waits for the mail file, not for time.
  let texts: string[] = [];
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    texts = outboxTo(app.dataDir, email).filter((m) => m.includes(text) && m.includes(kind));
    if (texts.length >= count) break;
  }
  if (texts.length < count) throw new Error(`no ${kind} link in a mail with '${text}' to ${email}`);
  const escaped = kind.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(http\\S+${escaped}[^\\s"<>]+)`).exec(texts.at(-1)!)![1]!;
}

/** A proven session for `email` through the API: ask for a sign-in link and follow it. */
export async function linkSession(app: RunningApp, email: string): Promise<string> {
  const before = outboxTo(app.dataDir, email).filter((m) => m.includes('/signin-link#')).length;
  await fetch(`${app.url}/api/account/signin-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  const token = /#token=([A-Za-z0-9_-]+)/.exec(await mailedLink(app, email, before + 1))![1];
  const res = await fetch(`${app.url}/api/account/signin-link/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  return ((await res.json()) as { token: string }).token;
}

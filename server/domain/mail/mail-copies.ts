import type { ServerDeps } from '../../base/deps';
import type { Mail } from '../../mail';

/**
 * Sends a mail about an application and, when the mailer keeps a copy (the file outbox),
 * records which application the copy belongs to (`mailCopies`, schemas/entities/mail-copy.json),
 * so every removal path (server/domain/removal.ts) takes the copy with the application. A copy
 * of an application removed while the mail was on its way is dropped at once.
 * Throws what the mailer throws.
 */
export async function sendAbout(deps: ServerDeps, ref: { containerId: number; applicationId: number }, mail: Mail): Promise<void> {
  const copy = await deps.mail.send(mail);
  if (typeof copy !== 'string') return;
  const copies = deps.store.collection('mailCopies');
  const id = await deps.store.nextSequence('mailCopies');
  await copies.insertOne({ id, ...ref, copy, subject: mail.subject, to: mail.to.trim().toLowerCase(), created: deps.now() });
  if ((await deps.store.collection('applications').count({ id: ref.applicationId })) === 0) {
    await deps.mail.drop?.(copy).catch(() => false);
    await copies.deleteOne({ id });
  }
}

import type { ServerDeps } from '../../base/deps';
import type { Mail } from '../../mail';

/**
 * Sends a mail about an application and, when the mailer keeps a copy (the file outbox),
 * records which application the copy belongs to (`mailCopies`, schemas/entities/mail-copy.json),
 * so every removal path (server/domain/removal.ts) takes the copy with the application. The
 * record is stored before the copy is written: a crash in between leaves a record without a
 * copy, never a copy of someone's mail that no removal finds (it was written first, and a crash
 * before its record kept it for good). A copy of an application removed while the mail was on
 * its way is dropped at once. Throws what the mailer throws, with the record taken back.
 */
export async function sendAbout(deps: ServerDeps, ref: { containerId: number; applicationId: number }, mail: Mail): Promise<void> {
  const copy = deps.mail.newCopy?.();
  if (copy === undefined) return void (await deps.mail.send(mail));
  const copies = deps.store.collection('mailCopies');
  const id = await deps.store.nextSequence('mailCopies');
  await copies.insertOne({ id, ...ref, copy, subject: mail.subject, to: mail.to.trim().toLowerCase(), created: deps.now() });
  try {
    await deps.mail.send(mail, copy);
  } catch (err) {
    await copies.deleteOne({ id }).catch(() => 0);
    throw err;
  }
  if ((await deps.store.collection('applications').count({ id: ref.applicationId })) === 0) {
    await deps.mail.drop?.(copy).catch(() => false);
    await copies.deleteOne({ id });
  }
}

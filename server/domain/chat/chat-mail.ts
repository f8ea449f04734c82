import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import type { ServerDeps } from '../../base/deps';
import { loadContainer } from '../organisations/containers';
import type { ApplicationDoc } from '../core/docs';
import { sendAbout } from '../mail/mail-copies';
import { senderFields } from '../mail/email';

const m = sv.replies;

/**
 * Tells a candidate that staff answered in the chat: a mail with a link to Mina sidor for the
 * organisation and no message text (a mailbox is not a proven reader; the text stays behind the
 * sign-in). One mail per unread run: only when the candidate had read everything before this
 * answer, so five answers in a row send one mail. An answer to the mail reaches the organisation
 * (its Reply-To, mail/email.ts senderFields). Never throws: the message is already stored.
 */
export async function mailCandidateAboutAnswer(deps: ServerDeps, channel: { containerId: number; email: string; unreadCandidate: number }): Promise<void> {
  if (channel.unreadCandidate > 0) return;
  try {
    const app = await deps.store
      .collection<ApplicationDoc>('applications')
      .findOne({ containerId: channel.containerId, email: channel.email }, { sort: { id: -1 }, projection: { id: 1, containerId: 1 } });
    if (!app) return;
    const c = await loadContainer(deps.store, channel.containerId);
    const company = c.displayName || c.name;
    const link = `${(deps.publicUrl ?? '').replace(/\/$/, '')}/admin/minasidor?org=${c.id}`;
    await sendAbout(
      deps,
      { containerId: c.id, applicationId: app.id },
      { to: channel.email, ...(await senderFields(deps, app, c)), subject: fill(m.chatMailSubject, { company }), text: fill(m.chatMailText, { company, link }) },
    );
  } catch (err) {
    deps.log.warn('chat answer mail failed', { containerId: channel.containerId, error: (err as Error).name });
  }
}

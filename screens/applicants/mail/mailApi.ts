import type { ActionAnswer } from '../../../schemas/generated/actions';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { dispatch } from '../../api';

/** An email label template as get_emailTemplates answers it (generated from its x-answer). */
export type EmailTemplate = ActionAnswer['get_emailTemplates'][number];

/** A merge field (get_TemplateProperties): written `{key}` in subject and body. */
export type TemplateProperty = ActionAnswer['get_TemplateProperties'][number];

/** What send_email and send_emailToApplicants answer. */
export type SendOutcome = ActionAnswer['send_email'];

export type { Label } from '../../../schemas/generated/entities';

let properties: Promise<TemplateProperty[]> | undefined;

/** The merge fields, fetched once per page load (they are fixed by the server). */
export function templateProperties(): Promise<TemplateProperty[]> {
  properties ??= dispatch('get_TemplateProperties', {}).catch((err: unknown) => {
    properties = undefined;
    throw err;
  });
  return properties;
}

export function emailTemplates(containerId: number, by: { positionTypeId?: number; labelId?: number } = {}): Promise<EmailTemplate[]> {
  return dispatch('get_emailTemplates', { containerId, ...by });
}

export function saveEmailTemplate(t: { containerId: number; positionTypeId: number; labelId: number; name: string; subject: string; content: string }): Promise<EmailTemplate> {
  return dispatch('update_containerTemplate', t);
}

/** A send's outcome in words: how many of `total` were sent, and who had no address, failed or had the template already (absent when none). */
export function outcomeLines(result: SendOutcome, total: number): { sent: string; missing?: string; failed?: string; already?: string } {
  const names = (list: { name: string }[]) => list.map((x) => x.name).join(', ');
  return {
    sent: fill(sv.mail.resultSent, { sent: result.sent.length, total }),
    ...(result.missingEmail.length ? { missing: fill(sv.mail.resultMissing, { names: names(result.missingEmail) }) } : {}),
    ...(result.failed.length ? { failed: fill(sv.mail.resultFailed, { names: names(result.failed) }) } : {}),
    ...(result.alreadySent?.length ? { already: fill(sv.mail.resultAlready, { names: names(result.alreadySent) }) } : {}),
  };
}

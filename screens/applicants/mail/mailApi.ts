import { dispatch } from '../../api';

/** An email label template as get_emailTemplates answers it. */
export interface EmailTemplate {
  id: number;
  containerId: number;
  positionTypeId: number;
  labelId: number;
  name: string;
  subject: string;
  content: string;
  updated: number;
  updatedBy: string;
}

/** A merge field (get_TemplateProperties): written `{key}` in subject and body. */
export interface TemplateProperty {
  key: string;
  label: string;
  placeholder: string;
}

/** What send_email and send_emailToApplicants answer. */
export interface SendOutcome {
  sent: number[];
  failed: { id: number; name: string }[];
  missingEmail: { id: number; name: string }[];
}

export interface Label {
  id: number;
  name: string;
  labelType: 'Interest' | 'Process';
  isDefault: boolean;
}

let properties: Promise<TemplateProperty[]> | undefined;

/** The merge fields, fetched once per page load (they are fixed by the server). */
export function templateProperties(): Promise<TemplateProperty[]> {
  properties ??= (dispatch('get_TemplateProperties', {}) as Promise<TemplateProperty[]>).catch((err: unknown) => {
    properties = undefined;
    throw err;
  });
  return properties;
}

export function emailTemplates(containerId: number, by: { positionTypeId?: number; labelId?: number } = {}): Promise<EmailTemplate[]> {
  return dispatch('get_emailTemplates', { containerId, ...by }) as Promise<EmailTemplate[]>;
}

export function saveEmailTemplate(t: { containerId: number; positionTypeId: number; labelId: number; name: string; subject: string; content: string }): Promise<EmailTemplate> {
  return dispatch('update_containerTemplate', t) as Promise<EmailTemplate>;
}

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MetadataProperty } from '../../../engine/types';
import type { ServerDeps } from '../../base/deps';
import { errors } from '../../errors';
import type { ContainerDoc, FolderDoc } from '../core/docs';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { encodeTemplate, isReferenceForm, listTemplates, saveTemplate, type PositionTemplate } from './templates';

/**
 * Reference forms (issue 30 item 3): form templates of the kind 'reference', built in the same
 * builder as application forms. Every organisation starts with 'Referens'
 * (schemas/templates/default-reference.json); one without any reference template (made before
 * they existed, or all removed) is sent that default.
 */

const DEFAULT_REFERENCE = resolve(import.meta.dirname, '../../../schemas/templates/default-reference.json');

function defaultReferenceTemplate(): PositionTemplate {
  const t = JSON.parse(readFileSync(DEFAULT_REFERENCE, 'utf8')) as PositionTemplate;
  return { ...t, availableInPositionTypes: [] };
}

/** Stores the default reference form as a template of the organisation (a new organisation, the demo). */
export async function seedReferenceTemplate(deps: ServerDeps, c: ContainerDoc, folder: FolderDoc, author: string): Promise<void> {
  const template = { ...defaultReferenceTemplate(), folderId: folder.id };
  await saveTemplate(deps, c, folder, { folderId: folder.id, containerId: c.id, name: template.name, data: encodeTemplate(template) }, author);
}

/** The reference form to send: the template with that key, else the organisation's first reference template, else the default. */
export async function referenceForm(deps: Pick<ServerDeps, 'store'>, containerId: number, key?: string): Promise<{ name: string; metadata: MetadataProperty[] }> {
  const own = (await listTemplates(deps.store, containerId)).filter((t) => isReferenceForm(t.template));
  const chosen = key === undefined ? own[0] : own.find((t) => t.template.key === key);
  if (key !== undefined && !chosen) throw errors.notFound(sv.references.server.templateNotFound);
  const t = chosen?.template ?? defaultReferenceTemplate();
  return { name: t.name, metadata: t.metadata };
}

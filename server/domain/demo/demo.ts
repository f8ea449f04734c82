import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { MetadataProperty } from '../../../engine/types';
import type { ServerDeps } from '../../base/deps';
import { loadContainer, updateContainer } from '../organisations/containers';
import type { ContainerDoc } from '../core/docs';
import { createPosition } from '../positions/positions';
import { TEMPLATES_FOLDER, encodeTemplate, ensureFolder, saveTemplate, type PositionTemplate } from '../templates/templates';
import { seedReferenceTemplate } from '../templates/reference-template';

const DEFAULT_FORM = resolve(import.meta.dirname, '../../../schemas/templates/default-application.json');
const DAY = 24 * 60 * 60;

/** The default application form's fields, whether the file holds a template or a bare list. */
export function defaultApplicationMetadata(): MetadataProperty[] {
  const raw = JSON.parse(readFileSync(DEFAULT_FORM, 'utf8')) as { metadata?: MetadataProperty[] } | MetadataProperty[];
  const metadata = Array.isArray(raw) ? raw : raw.metadata;
  if (!Array.isArray(metadata)) throw new Error(`${DEFAULT_FORM} holds no metadata list`);
  return metadata;
}

/**
 * The demo container's content (docs/contracts.md "Demo data"): the PositionTemplates
 * folder with the default application form as a template that is default for every position
 * type, one open public position and one internal position. Everything goes through the
 * same domain functions the actions use, so the seed is validated like user input.
 */
export async function seedDemoContent(deps: ServerDeps, container: { id: number }): Promise<void> {
  // The demo shows the whole default form, the personnummer with it: it states why (issue 28),
  // as an organisation must before its forms ask for one.
  const privacy = { ssnMode: 'ssn', ssnReason: sv.domain.demoSsnReason, ssnFullRoles: ['admin'] };
  await updateContainer(deps.store, container.id, { $set: { privacy } });
  const c: ContainerDoc = await loadContainer(deps.store, container.id);
  const folder = await ensureFolder(deps.store, c.id, TEMPLATES_FOLDER);
  const types = c.positionTypes ?? [];
  const template: PositionTemplate = {
    key: 'template_standard',
    name: sv.domain.demoTemplateName,
    description: sv.domain.demoTemplateDescription,
    folderId: folder.id,
    availableInPositionTypes: types.map((t) => ({
      positionTypeId: t.id,
      positionTypeName: t.name,
      included: true,
      default: true,
    })),
    metadata: defaultApplicationMetadata(),
  };
  await saveTemplate(
    deps,
    c,
    folder,
    { folderId: folder.id, containerId: c.id, name: sv.domain.demoTemplateName, data: encodeTemplate(template) },
    'Blankett',
  );
  await seedReferenceTemplate(deps, c, folder, 'Blankett');

  const now = deps.now();
  const summer = types.find((t) => t.name === 'Sommarjobb') ?? types[0];
  const permanent = types.find((t) => t.name === 'Tillsvidareanställning') ?? types[0];
  if (!summer || !permanent) throw new Error('the demo container has no position types');
  await createPosition(deps, c, {
    containerId: c.id,
    name: sv.domain.demoPublicName,
    description: sv.domain.demoPublicDescription,
    text: sv.domain.demoPublicText,
    city: 'Stockholm',
    start: now,
    stop: now + 31 * DAY,
    isInternal: false,
    positionTypeId: summer.id,
  });
  await createPosition(deps, c, {
    containerId: c.id,
    name: sv.domain.demoInternalName,
    description: sv.domain.demoInternalDescription,
    text: sv.domain.demoInternalText,
    city: 'Stockholm',
    start: now,
    stop: now + 31 * DAY,
    isInternal: true,
    positionTypeId: permanent.id,
  });
}

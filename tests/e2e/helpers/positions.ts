import { expect } from 'vitest';
import { summerForm } from '../../integration/helpers/recruiter';
import { callAction, type RunningApp } from './app';

/**
 * A public summer-job position of the demo organisation (the recruiter tests' form unless told), open
 * for a month, created through the API with `token`; its id and the organisation as
 * get_container answers it (labels, position types).
 */
export async function createSummerPosition(app: RunningApp, token: string, name: string, metadata = summerForm()): Promise<{ id: number; container: any }> {
  const container = (await callAction(app, token, 'get_container', { id: 1 })).body.data;
  const now = Math.floor(Date.now() / 1000);
  const created = await callAction(app, token, 'create_position', {
    containerId: 1, name, text: '<p>Text</p>', description: 'Sommar', city: 'Stockholm',
    start: now - 3600, stop: now + 31 * 86400, isInternal: false, positionTypeId: container.positionTypes[0].id, metadata,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.data.id, container };
}

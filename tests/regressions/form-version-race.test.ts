import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataProperty } from '../../engine/types';
import type { PositionDoc, PositionFormDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions } from '../integration/helpers/domain';
import { DEMO, startTestServer, type TestServer } from '../integration/helpers/server';

/**
 * Two editors saving a changed form of one position at the same moment both computed the
 * same next form version; the loser's insert into positionForms hit the unique index and
 * surfaced as a 500. Now exactly one save wins and the other gets 409 conflict.
 */
describe.each(storeKinds())('two simultaneous form saves on the %s store', (kind) => {
  let server: TestServer;
  let open: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ open } = await demoPositions(server));
  });
  afterAll(() => server?.close());

  it('lets one save bump the form version and answers the other with 409, never 500', async () => {
    const writer = await server.login(DEMO.writer);
    const field = (label: string): MetadataProperty => ({ key: 'form_text_1000', type: 'text', label, required: false, validators: [] });
    const body = (label: string) => ({
      id: open.id, containerId: open.containerId, name: open.name, start: open.start, stop: open.stop,
      positionTypeId: open.positionTypeId, metadata: [...open.metadata, field(label)],
    });
    const replies = await Promise.all([server.call(writer, 'update_position', body('Första')), server.call(writer, 'update_position', body('Andra'))]);
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses[0]).toBe(200);
    // When the two saves overlap, one wins and the other gets 409 (version 2). When the store
    // is quick enough to finish the first before the second reads, both are saves in a row
    // (version 3). Either way no 500, and versions with no gap and no double.
    const wins = statuses.filter((s) => s === 200).length;
    const stored = await server.deps.store.collection<PositionDoc>('positions').findOne({ id: open.id });
    expect(stored?.formVersion).toBe(1 + wins);
    const forms = await server.deps.store.collection<PositionFormDoc>('positionForms').find({ positionId: open.id }, { sort: { version: 1 } });
    expect(forms.map((f) => f.version)).toEqual(Array.from({ length: 1 + wins }, (_, i) => i + 1));
    // The stored position's form is the newest stored version, whichever save won.
    expect(forms.at(-1)?.metadata).toEqual(stored?.metadata);
  });
});

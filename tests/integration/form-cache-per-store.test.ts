import { describe, expect, it } from 'vitest';
import type { MetadataProperty } from '../../engine/types';
import type { PositionDoc } from '../../server/domain/core/docs';
import { applyTo, container, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const DAY = 86_400;
const START = Math.floor(Date.now() / 1000) - DAY;

/** A position whose form adds 'Körkortsnummer', required or not; the same start on every store. */
async function positionWith(server: TestServer, required: boolean): Promise<PositionDoc> {
  const c = await container(server);
  const writer = await server.login(DEMO.writer);
  const base = { containerId: c.id, name: 'Chaufför', city: 'Umeå', description: 'Kort', text: '<p>Kör</p>', start: START, stop: START + 30 * DAY, positionTypeId: c.positionTypes![0]!.id };
  const plain = (await server.call(writer, 'create_position', base)).body.data as PositionDoc;
  const last = Math.max(...plain.metadata.map((p, i) => p.order ?? i)) + 1;
  const extra: MetadataProperty = { key: 'form_text_licence', type: 'text', label: 'Körkortsnummer', order: last, required };
  const r = await server.call(writer, 'update_position', { ...base, id: plain.id, metadata: [...plain.metadata, extra] });
  expect([r.status, r.body.error]).toEqual([200, undefined]);
  return r.body.data;
}

/**
 * One process may serve one store after another: the integration files share a worker's
 * modules (vitest.config.ts), so a form cached for one file's store must never answer for the
 * next file's. Two fresh stores, one after the other, give a position the same id, form
 * version and start but different forms; each store's application is checked against its own.
 */
describe('the cached form of a position, per store', () => {
  it('checks an application against its own store’s form, not the one a store before it cached', async () => {
    const outcomes: { id: number; formVersion: number; start: number; status: number }[] = [];
    for (const required of [true, false]) {
      const server = await startTestServer({ kind: 'embedded', seed: true });
      try {
        const p = await positionWith(server, required);
        const email = `sokande-${required}@example.se`;
        const r = await applyTo(server, p.id, email, validAnswers(email));
        outcomes.push({ id: p.id, formVersion: p.formVersion, start: p.start, status: r.status });
      } finally {
        await server.close();
      }
    }
    const [first, second] = outcomes as [(typeof outcomes)[0], (typeof outcomes)[0]];
    expect({ ...second, status: first.status }).toEqual(first);
    // The first store's form requires the field; the second's, same position id and version, does not.
    expect([first.status, second.status]).toEqual([400, 201]);
  }, 60_000);
});

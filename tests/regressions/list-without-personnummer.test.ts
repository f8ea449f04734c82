import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyTo, demoPositions, validAnswers } from '../integration/helpers/domain';
import { DEMO, startTestServer, type TestServer } from '../integration/helpers/server';

/**
 * Issue 10 §6: applicant lists carried the personnummer in `metadata.form_ssn`, though
 * docs/contracts.md says lists never do. The single-applicant call has it in full for the roles
 * the organisation allows (issue 28 item 3: default administrators), masked for the others.
 */
describe('applicant lists and the personnummer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'embedded', seed: true });
  }, 60_000);
  afterAll(() => server?.close());

  it('leaves the personnummer out of every list answer and keeps it on the applicant', async () => {
    const { open } = await demoPositions(server);
    const answers = validAnswers('pnr@example.se');
    const ssn = String(answers.form_ssn);
    const applied = await applyTo(server, open.id, 'pnr@example.se', answers);
    expect(applied.status).toBe(201);
    const token = await server.login(DEMO.reader);
    const digits = ssn.replace(/\D/g, '');
    const lists = [
      await server.call(token, 'get_applicantPositionByPosition', { positionId: open.id }),
      await server.call(token, 'get_applicantPositionByLabel', { containerId: open.containerId }),
      await server.call(token, 'get_applicantPositions', { containerId: open.containerId, email: 'pnr@example.se' }),
    ];
    for (const list of lists) {
      expect(list.status).toBe(200);
      expect(list.text).toContain('pnr@example.se');
      expect(list.text.replace(/\D/g, ' ')).not.toContain(digits.slice(2));
    }
    const one = await server.call(token, 'get_applicantPosition', { id: applied.body.data.id });
    expect(one.body.data.info.ssn.replace(/\D/g, ' ')).not.toContain(digits.slice(2));
    const full = await server.call(await server.login(DEMO.admin), 'get_applicantPosition', { id: applied.body.data.id });
    expect(full.body.data.info.ssn.replace(/\D/g, '')).toContain(digits.slice(2));
  });
});

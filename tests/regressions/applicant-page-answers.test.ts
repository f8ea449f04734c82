import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyTo, demoPositions, validAnswers } from '../integration/helpers/domain';
import { DEMO, startTestServer, type TestServer } from '../integration/helpers/server';

/**
 * Issue 9: the applicant page showed 'Ingen information angiven.' for the personnummer and
 * the mobile number. The single-applicant call left every answer that looked like a
 * personnummer out — and ten-digit phone numbers looked like one. Phone numbers stay
 * everywhere. Since issue 28 item 3 the personnummer is in full on the applicant page only for
 * the roles the organisation allows (default administrators), masked for the others; lists leave it out.
 */
describe('the answers on the applicant page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'embedded', seed: true });
  }, 60_000);
  afterAll(() => server?.close());

  it('keeps the personnummer and the phone number on the applicant, and the phone number in lists', async () => {
    const { open } = await demoPositions(server);
    const answers = validAnswers('telefon@example.se', { form_mobilePhone: '0701112233' });
    const applied = await applyTo(server, open.id, 'telefon@example.se', answers);
    expect(applied.status).toBe(201);
    const admin = await server.call(await server.login(DEMO.admin), 'get_applicantPosition', { id: applied.body.data.id });
    expect(admin.body.data.metadata.form_ssn).toBe(answers.form_ssn);
    expect(admin.body.data.metadata.form_mobilePhone).toBe('0701112233');
    const token = await server.login(DEMO.reader);
    const one = await server.call(token, 'get_applicantPosition', { id: applied.body.data.id });
    expect(one.body.data.metadata.form_ssn).toBe('19900101-XXXX');
    expect(one.body.data.metadata.form_mobilePhone).toBe('0701112233');
    const list = await server.call(token, 'get_applicantPositionByPosition', { positionId: open.id });
    const row = list.body.data.items.find((a: { id: number }) => a.id === applied.body.data.id);
    expect(row.metadata.form_mobilePhone).toBe('0701112233');
    expect(row.metadata.form_ssn).toBeUndefined();
  });
});

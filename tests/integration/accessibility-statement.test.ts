import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { container, otherOrganisation } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

/**
 * The accessibility statement (issue 28 item 7): the organisation edits its parts, the public
 * answer holds them beside the product's part, and a report of a problem is kept and reaches the
 * organisation's address as plain text (script in it stays inert text).
 */
describe.each(storeKinds())('the accessibility statement on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let c: ContainerDoc;
  let admin: string;
  const path = () => `/api/public/containers/${c.name}/accessibility`;
  const report = (data: unknown) => server.request('POST', `${path()}/report`, { data });
  const SCRIPT = 'Knappen saknar namn: <script>alert("x")</script><img src=x onerror=alert(1)>';

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url } });
    c = await container(server);
    admin = await server.login(DEMO.admin);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('answers the product\'s part from the checks the tests run, on the portal and on the organisation\'s host', async () => {
    const portal = await server.request('GET', '/api/public/accessibility');
    expect(portal.status).toBe(200);
    expect(portal.body.data.organisation).toBeNull();
    expect(portal.body.data.product.standard).toContain('WCAG 2.2');
    expect(portal.body.data.product.checks).toEqual(expect.arrayContaining([expect.stringContaining('24 × 24')]));
    const own = await server.request('GET', path());
    expect(own.body.data).toMatchObject({ organisation: c.displayName, compliance: 'partial', nonAccessible: '' });
    expect((await server.request('GET', '/api/public/containers/finns-inte/accessibility')).status).toBe(404);
  });

  it('lets an administrator edit the organisation\'s parts, refusing a bad date or address in Swedish with nothing saved', async () => {
    const parts = { containerId: c.id, compliance: 'partial', nonAccessible: 'PDF-bilagor i äldre annonser saknar rubriker.', assessment: 'Självskattning.', assessedOn: '2026-11-01', contactEmail: 'tillganglighet@demo.test' };
    const bad = await server.call(admin, 'update_accessibilityStatement', { ...parts, assessedOn: '1 november' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({ path: '/assessedOn', message: expect.stringContaining('ÅÅÅÅ-MM-DD') });
    expect((await server.call(admin, 'update_accessibilityStatement', { ...parts, contactEmail: 'inte en adress' })).status).toBe(400);
    expect((await server.request('GET', path())).body.data.nonAccessible).toBe('');
    const writer = await server.login(DEMO.writer);
    expect((await server.call(writer, 'update_accessibilityStatement', parts)).status).toBe(403);
    const other = await otherOrganisation(server);
    expect([403, 404]).toContain((await server.call(other.token, 'get_accessibilityStatement', { containerId: c.id })).status);
    const ok = await server.call(admin, 'update_accessibilityStatement', parts);
    expect(ok.status).toBe(200);
    const shown = (await server.request('GET', path())).body.data;
    expect(shown).toMatchObject({ nonAccessible: parts.nonAccessible, assessment: 'Självskattning.', assessedOn: '2026-11-01', canReport: true });
    expect(JSON.stringify(shown)).not.toContain('tillganglighet@demo.test');
  });

  it('keeps a report with script in it and mails it to the organisation as plain text only', async () => {
    const r = await report({ text: SCRIPT, email: 'besokare@example.se', page: '/1_jobb/apply' });
    expect(r.status).toBe(201);
    expect(r.body.data.message).toBe(`Tack! Din rapport har skickats till ${c.displayName}.`);
    await smtp.waitFor(1);
    const mail = smtp.mails.find((m) => m.subject === `Rapport om tillgänglighet: ${c.displayName}`)!;
    expect(JSON.stringify(mail.to)).toContain('tillganglighet@demo.test');
    expect(mail.html).toBe(false);
    expect(mail.text).toContain(SCRIPT);
    expect(JSON.stringify(mail.replyTo)).toContain('besokare@example.se');
    const kept = await server.call(admin, 'get_accessibilityStatement', { containerId: c.id });
    expect(kept.body.data.reports[0]).toMatchObject({ text: SCRIPT, email: 'besokare@example.se', page: '/1_jobb/apply' });
  });

  it('refuses an empty report, a bad reply address and an organisation with no address, in Swedish and keeping nothing', async () => {
    const before = await server.deps.store.collection('accessibilityReports').count({});
    const empty = await report({ text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Beskriv problemet du stötte på.');
    expect((await report({ text: 'Fel', email: 'nej' })).status).toBe(400);
    expect((await report({ text: 'Fel', extra: 1 })).status).toBe(400);
    await server.call(admin, 'update_accessibilityStatement', { containerId: c.id, compliance: 'full', nonAccessible: '', assessment: '', assessedOn: '', contactEmail: '' });
    await server.deps.store.collection('containers').updateOne({ id: c.id }, { $unset: { 'profile.email': '' } });
    const none = await report({ text: 'Fel' });
    expect(none.status).toBe(409);
    expect(none.body.error.message).toContain('ingen e-postadress');
    expect((await server.request('GET', path())).body.data.canReport).toBe(false);
    expect(await server.deps.store.collection('accessibilityReports').count({})).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTemplate, defaultRegistry } from '../../engine/index';
import { createStandaloneCompiler } from '../../engine/standalone';
import { loadValidator, precompiledValidate, type PrecompiledForm } from '../../engine/precompiled';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/*
 * The public position answer carries the form compiled on the server and the URL of its
 * precompiled validator; the URL serves an immutable ES module; public pages get a CSP without
 * 'unsafe-eval', admin paths keep it.
 */
describe.each(storeKinds())('precompiled form validators on the %s store', (kind) => {
  let server: TestServer;
  let open: PositionDoc;
  let form: PrecompiledForm;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ open } = await demoPositions(server));
    form = (await server.request('GET', `/api/public/positions/${open.id}`)).body.data.compiledForm as PrecompiledForm;
  });
  afterAll(() => server?.close());

  it('answers a public position with the schema and uiSchema of the engine compile and a validator URL', () => {
    const compiled = compileTemplate({ metadata: open.metadata });
    expect(form.schema).toEqual(compiled.schema);
    expect(form.uiSchema).toEqual(compiled.uiSchema);
    expect(form.validator).toBe(`/api/public/validators/${createStandaloneCompiler(defaultRegistry()).moduleFor(compiled.schema).hash}-${open.id}.js`);
  });

  it('serves the validator as immutable, cacheable JavaScript with a strong ETag', async () => {
    const r = await server.request('GET', form.validator);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = r.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(r.text).toMatch(/export default validate/);
    const again = await server.request('GET', form.validator, undefined, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('validates in the module served exactly as the apply endpoint does, Swedish messages included', async () => {
    const code = (await server.request('GET', form.validator)).text;
    const fn = await loadValidator(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
    const validate = precompiledValidate(form, fn, { positionStart: open.start });
    const answers = { form_firstname: 'Åsa', form_ssn: '12345', form_email: 'inte-en-adress' };
    const verdict = validate(answers);
    expect(verdict.valid).toBe(false);
    const r = await server.request('POST', '/api/public/positions/apply', { action: 'create_jobApplication', data: { email: 'asa@exempel.se', positionId: open.id, metadata: answers } });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual(verdict.errors);
    expect(verdict.errors).toContainEqual({ key: 'form_ssn', validator: 'ssnValidSwe', message: 'Personnumret eller samordningsnumret måste skrivas med 12 siffror (ÅÅÅÅMMDDNNNN) och vara giltigt' });
  });

  it('answers a hash it did not produce, or a malformed name, with a 404 JSON error', async () => {
    const unknown = '/api/public/validators/0123456789abcdef0123456789abcdef.js';
    for (const path of [unknown, unknown.replace('.js', `-${open.id}.js`), '/api/public/validators/nope.js', form.validator.replace('.js', '.jsx')]) {
      const r = await server.request('GET', path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
      expect(r.body.error.code).toBe('not_found');
    }
  });

  it('makes a module it does not hold (another process, a restart) again from the position named in its URL', async () => {
    const writer = await server.login(DEMO.writer);
    const made = await server.call(writer, 'create_position', { containerId: open.containerId, name: 'Ny form', start: open.start, stop: open.stop, positionTypeId: open.positionTypeId });
    expect(made.status).toBe(200);
    const id = made.body.data.id as number;
    // A form this process has never compiled (written past the actions, as another process would have).
    const metadata = [{ key: 'form_firstname', type: 'text', label: `Förnamn ${Date.now()}`, required: true }];
    // A version of its own: the compile cache is per process, and both stores' runs share it.
    await server.deps.store.collection<PositionDoc>('positions').updateOne({ id }, { $set: { metadata, formVersion: 1000 + (Date.now() % 100_000) } });
    const stored = (await server.deps.store.collection<PositionDoc>('positions').findOne({ id }))!;
    // Made here as another process would: the same code, so the same hash.
    const hash = createStandaloneCompiler(defaultRegistry()).moduleFor(compileTemplate({ metadata: stored.metadata }).schema).hash;
    const r = await server.request('GET', `/api/public/validators/${hash}-${id}.js`);
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/export default validate/);
    // The position's form must give the hash asked for.
    expect((await server.request('GET', `/api/public/validators/${hash.replace(/^./, (c) => (c === '0' ? '1' : '0'))}-${id}.js`)).status).toBe(404);
  });

  it('sends the ad text, the terms and the message overrides through the sanitiser, as the public pages render them as they come', async () => {
    // Written straight into the store, past the actions' own checks (data from before them).
    const evil = '<p onclick="alert(1)">Hej</p><img src=x onerror="alert(2)"><script>alert(3)</script>';
    await server.deps.store.collection<PositionDoc>('positions').updateOne({ id: open.id }, { $set: { text: evil } });
    const containers = server.deps.store.collection<ContainerDoc>('containers');
    const c = (await containers.findOne({ id: open.containerId }))!;
    await containers.updateOne({ id: c.id }, { $set: { messages: { minLength: `Minst #DATA# ${evil}`, required: `Krävs ${evil}` }, profile: { ...(c.profile ?? {}), terms: evil } } });
    const p = (await server.request('GET', `/api/public/positions/${open.id}`)).body.data;
    const pub = (await server.request('GET', `/api/public/open/${open.id}/container`)).body.data;
    for (const html of [p.text, p.messages.minLength, p.messages.required, pub.profile.terms]) {
      expect(html).toContain('Hej');
      expect(html).not.toMatch(/<script|onerror|onclick/);
    }
    // And the page's messages equal the server verdict's with those overrides.
    const code = (await server.request('GET', p.compiledForm.validator)).text;
    const fn = await loadValidator(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
    const browser = precompiledValidate(p.compiledForm, fn, { messages: p.messages, positionStart: open.start })({});
    const r = await server.request('POST', '/api/public/positions/apply', { action: 'create_jobApplication', data: { email: 'x@exempel.se', positionId: open.id, metadata: {} } });
    expect(r.body.error.details).toEqual(browser.errors);
    // An empty required field speaks with the organisation's 'required' text, sanitised alike.
    expect(browser.errors.find((e) => e.validator === 'required')?.message).toMatch(/^Krävs <p>Hej<\/p>/);
  });

  it("sends public pages a CSP without 'unsafe-eval' and keeps it on admin paths", async () => {
    const csp = async (path: string) => (await server.request('GET', path)).headers.get('content-security-policy') ?? '';
    const publicPaths = ['/', `/${open.id}_sommarjobbare`, `/${open.id}_sommarjobbare/apply`, '/positions', '/demo', form.validator];
    for (const path of publicPaths) {
      const policy = await csp(path);
      expect(policy, path).toMatch(/script-src 'self';/);
      expect(policy, path).not.toContain('unsafe-eval');
    }
    for (const path of ['/admin', '/admin/positions', '/login', '/reset-password/abc']) {
      expect(await csp(path), path).toMatch(/script-src 'self' 'unsafe-eval';/);
    }
  });
});

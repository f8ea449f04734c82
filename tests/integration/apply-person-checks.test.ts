import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, validAnswers } from './helpers/domain';
import { multipart, send } from './helpers/form-bodies';
import { startTestServer, type TestServer } from './helpers/server';

/**
 * Issue 26 items 1 and 8 on the server: the demo form's person fields check what they hold
 * (a phone number with letters, a four-digit postcode, a web address without a scheme) and an
 * empty E-post says so, each refused with its Swedish message at its field, storing nothing;
 * the same through the API and the form sent without script. The no-script part needs the build.
 */
const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : resolve(import.meta.dirname, '../../dist');

describe.each(storeKinds())('person fields judged by the server on the %s store', (kind) => {
  let server: TestServer;
  let open: PositionDoc;
  const stored = () => server.deps.store.collection('applications').count({ positionId: open.id });

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true, config: existsSync(join(dist, '.ssr', 'entry-server.js')) ? { distDir: dist } : {} });
    ({ open } = await demoPositions(server));
  }, 60_000);
  afterAll(() => server?.close());

  it('refuses letters in Mobiltelefon, a four-digit Postnummer and a LinkedIn address without https:// at their fields, storing nothing', async () => {
    const before = await stored();
    const r = await applyTo(server, open.id, 'format@example.se', validAnswers('format@example.se', {
      form_mobilePhone: '070-abc 45 67', form_zipcode: '1234', form_linkedInUrl: 'linkedin.com/in/anna',
    }));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid');
    expect(r.body.error.details).toEqual([
      { key: 'form_zipcode', validator: 'zipcodeSwe', message: sv.validators.zipcodeSwe },
      { key: 'form_mobilePhone', validator: 'mobilePhoneSwe', message: sv.validators.mobilePhoneSwe },
      { key: 'form_linkedInUrl', validator: 'webAddress', message: sv.validators.webAddress },
    ]);
    expect(await stored()).toBe(before);
    // Written as people write them, they pass.
    const ok = await applyTo(server, open.id, 'format@example.se', validAnswers('format@example.se', {
      form_mobilePhone: '+46 70-123 45 67', form_zipcode: '123 45', form_linkedInUrl: 'https://www.linkedin.com/in/anna',
    }));
    expect(ok.status).toBe(201);
  });

  it('refuses an application without an address at the E-post field with Fältet är obligatoriskt, not a bare summary', async () => {
    const before = await stored();
    const r = await applyTo(server, open.id, '', validAnswers('', { form_email: undefined }));
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ key: 'form_email', validator: 'required', message: 'Fältet är obligatoriskt' }]);
    expect(await stored()).toBe(before);
  });

  it.runIf(existsSync(join(dist, '.ssr', 'entry-server.js')))('draws the no-script form again with each message at its field and the count of the messages shown', async () => {
    const before = await stored();
    const answers = validAnswers('', { form_email: '', form_mobilePhone: 'abc', form_zipcode: '1234' });
    const parts = Object.entries(answers).map(([name, v]) => ({ name, value: v === true ? 'on' : String(v) }));
    const r = await send(server.url, 'POST', `/${open.id}/apply`, multipart(parts));
    expect(r.status).toBe(400);
    for (const message of [sv.validators.mobilePhoneSwe, sv.validators.zipcodeSwe, 'Fältet är obligatoriskt']) expect(r.text).toContain(message);
    expect(r.text).toContain('Formuläret innehåller 3 fel.');
    // Each message is tied to its input (aria-describedby), so the summary never stands alone.
    for (const key of ['form_zipcode', 'form_mobilePhone', 'form_email']) expect(r.text).toMatch(new RegExp(`name="${key}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${key}"`));
    // The first refused field's message (Postnummer comes first in the form) takes the focus on load, no script needed.
    expect(r.text).toMatch(/<div class="blk-errors" id="[^"]*form_zipcode-error" tabindex="-1" autofocus="">/);
    expect(r.text.match(/autofocus=""/g)).toHaveLength(1);
    expect(await stored()).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { startIdp, type TestIdp } from '../integration/helpers/oidc-provider';
import { expectNoAxeViolations, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

// Its own app: the organisation's provider runs on loopback, which only WEBHOOKS_ALLOW_PRIVATE=1 allows.
const { app, browser, token, call } = useE2e({ env: { WEBHOOKS_ALLOW_PRIVATE: '1' } });
let idp: TestIdp;
let organisation = '';

beforeAll(async () => {
  idp = await startIdp([`${app.url}/api/account/sso/callback`]);
  idp.accounts.set('writer', { email: 'writer@demo.test', email_verified: true });
  idp.accounts.set('unverified', { email: 'reader@demo.test', email_verified: false });
  const odin = await token('odin@demo.test');
  const containers: ActionAnswer['get_containers'] = (await call(odin, 'get_containers', {})).body.data;
  const containerId = containers.find((c) => c.name === 'demo')!.id;
  const saved = await call(odin, 'update_containerSso', { containerId, issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: ['demo.test'], enforce: false });
  expect(saved.status).toBe(200);
  organisation = ((await (await fetch(`${app.url}/api/account/sso?email=writer%40demo.test`)).json()) as { data: { organisation: string } }).data.organisation;
});
afterAll(() => idp?.close());

describe("signing in with the organisation's own provider", () => {
  it('offers the button for the typed address, signs in through the provider and lands logged in; a refused sign-in says why', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    idp.as = 'writer';
    await page.goto('/login');
    await page.getByLabel('E-post').fill('writer@demo.test');
    const button = page.getByRole('link', { name: fill(sv.sso.button, { organisation }) });
    await button.waitFor();
    await expectNoAxeViolations(page);
    await button.click();
    await page.waitForURL((u) => u.pathname.startsWith('/admin'));
    expect(await page.evaluate(() => localStorage.getItem('blankett.token'))).toBeTruthy();

    const refused = await newPage(browser, { baseURL: app.url });
    idp.as = 'unverified';
    await refused.goto('/login');
    await refused.getByLabel('E-post').fill('reader@demo.test');
    await refused.getByRole('link', { name: fill(sv.sso.button, { organisation }) }).click();
    await expect.poll(() => refused.getByText(sv.sso.errors.unverified).count()).toBe(1);
    expect(new URL(refused.url()).pathname).toBe('/login');
  });
});

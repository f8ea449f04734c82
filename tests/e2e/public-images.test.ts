import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import type { ActionAnswer, ActionData, ActionName } from '../../schemas/generated/actions';
import { solidPng } from '../integration/helpers/png';
import { expectNoAxeViolations, firstPublicPosition, newPage, type ListedPosition } from './helpers/app';
import { useE2e } from './helpers/fixture';

/**
 * The organisation's logo, page banner and a position's ad image hold their box before the
 * image arrives, so nothing on the public pages moves when it loads (Lighthouse's "unsized
 * images" and the layout shift it causes). The images here have other proportions than the
 * boxes, so the boxes come from the CSS, not from the files.
 */
const { app, browser } = useE2e();
let position: ListedPosition;

async function dispatch<N extends ActionName>(token: string, action: N, data: ActionData[N]): Promise<ActionAnswer[N]> {
  const res = await fetch(`${app.url}/api/dispatcher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ action, data }),
  });
  const body = (await res.json()) as { data: ActionAnswer[N] };
  if (res.status !== 200) throw new Error(`${action}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

beforeAll(async () => {
  position = await firstPublicPosition(app);
  const login = await fetch(`${app.url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: app.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const containerId = ((await (await fetch(`${app.url}/api/public/containers/demo`)).json()) as { data: { id: number } }).data.id;
  const folders = await dispatch(token, 'get_folders', { containerId });
  const upload = async (folderName: string, png: Buffer) => {
    const folderId = folders.find((f) => f.name === folderName)?.id ?? (await dispatch(token, 'create_Folder', { containerId, name: folderName })).id;
    const asset = await dispatch(token, 'create_containerAssetCommand', { containerId, folderId, contentType: 'image/png', name: 'bild.png', data: png.toString('base64') });
    return `/api/public/open/containers/${containerId}/assets?id=assets/${asset.id}`;
  };
  const logo = await upload('Logotyp', solidPng(240, 40, [20, 60, 140]));
  const banner = await upload('Sidbanner', solidPng(1200, 200, [200, 120, 40]));
  const adImage = await upload('Annonsbilder', solidPng(800, 400, [40, 140, 60]));
  await dispatch(token, 'create_containerMetadata', { id: containerId, metadata: { logo, banner } });
  const p = await dispatch(token, 'get_position', { id: position.id });
  await dispatch(token, 'update_position', { id: p.id, containerId, name: p.name, start: p.start, stop: p.stop, positionTypeId: p.positionTypeId, banner: adImage });
}, 90_000);

const isAsset = (url: URL) => url.pathname.startsWith('/api/public/open/containers/') && url.pathname.endsWith('/assets');

/** Opens `path` with every organisation image held back until `release()` is called. */
async function openWithImagesHeld(viewport: 'phone' | 'desktop', url: string): Promise<{ page: Page; release: () => Promise<void> }> {
  const page = await newPage(browser, { viewport });
  const held: Route[] = [];
  let holding = true;
  await page.route(isAsset, (route) => (holding ? held.push(route) : route.continue()));
  // The server-rendered page has the images in its first HTML: its load event waits for them.
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return {
    page,
    release: async () => {
      holding = false;
      await Promise.all(held.map((r) => r.continue()));
    },
  };
}

type Box = { width: number; height: number; top: number };

async function box(page: Page, selector: string): Promise<Box> {
  const b = await page.locator(selector).boundingBox();
  if (!b) throw new Error(`${selector} syns inte`);
  return { width: Math.round(b.width), height: Math.round(b.height), top: Math.round(b.y) };
}

async function loaded(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const img = document.querySelector<HTMLImageElement>(s);
    return !!img && img.complete && img.naturalWidth > 0;
  }, selector);
}

const rem = (page: Page) => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));

describe('organisation images keep their place while they load', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`the logo and the page banner have their final boxes before the images arrive, keep them, and the page passes axe (${viewport})`, async () => {
      const { page, release } = await openWithImagesHeld(viewport, `${app.orgUrl}/`);
      await page.getByRole('link', { name: position.name, exact: true }).waitFor();
      const r = await rem(page);
      const logoBefore = await box(page, 'img.pub-logo-img');
      const bannerBefore = await box(page, 'img.pub-banner');
      const listBefore = await box(page, '#pub-org-title');
      expect(logoBefore.height).toBe(Math.round(2.75 * r));
      expect(logoBefore.width).toBe(Math.round(12 * r));
      expect(bannerBefore.width).toBeGreaterThan(200);
      expect(Math.abs(bannerBefore.height - Math.min(bannerBefore.width / 3, 18 * r))).toBeLessThanOrEqual(1);
      // The largest paint of the page: asked for first (Lighthouse: "prioritize the LCP image").
      expect(await page.locator('img.pub-banner').getAttribute('fetchpriority')).toBe('high');
      await release();
      await loaded(page, 'img.pub-logo-img');
      await loaded(page, 'img.pub-banner');
      expect(await box(page, 'img.pub-logo-img')).toEqual(logoBefore);
      expect(await box(page, 'img.pub-banner')).toEqual(bannerBefore);
      expect(await box(page, '#pub-org-title')).toEqual(listBefore);
      // With a logo and a banner (the demo data has neither) the page still passes axe.
      await expectNoAxeViolations(page);
      await page.context().close();
    });

    it(`a position's ad image has its final box before it arrives, and keeps it (${viewport})`, async () => {
      const { page, release } = await openWithImagesHeld(viewport, `${app.orgUrl}/${position.id}_${position.slug}`);
      await page.getByRole('heading', { level: 1, name: position.name }).waitFor();
      const r = await rem(page);
      const before = await box(page, 'img.pub-ad-banner');
      expect(before.width).toBeGreaterThan(200);
      expect(Math.abs(before.height - Math.min(before.width / 3, 16 * r))).toBeLessThanOrEqual(1);
      await release();
      await loaded(page, 'img.pub-ad-banner');
      expect(await box(page, 'img.pub-ad-banner')).toEqual(before);
      await page.context().close();
    });
  }
});

describe("the site's icon", () => {
  it('is served from the build at /favicon.ico (browsers ask for it; a 404 there is a console error in Lighthouse best practices)', async () => {
    const res = await fetch(`${app.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    // An ICO file: reserved 0, type 1 (icon), at least one image.
    const head = Buffer.from(await res.arrayBuffer());
    expect([head.readUInt16LE(0), head.readUInt16LE(2), head.readUInt16LE(4) > 0]).toEqual([0, 1, true]);
  });
});

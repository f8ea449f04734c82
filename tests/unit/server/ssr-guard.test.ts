import { describe, expect, it } from 'vitest';
import { createRenderGuard } from '../../../server/ssr/guard';
import { routeAssets } from '../../../server/ssr/assets';

const page = (html: string) => ({ status: 200, html, viewed: [7] });

describe('the server renderer’s guard', () => {
  it('sends a page again for a second, then renders it afresh', () => {
    let t = 1_000;
    const guard = createRenderGuard(() => t);
    guard.put('a', page('<p>a</p>'));
    t += 999;
    expect(guard.get('a')?.html).toBe('<p>a</p>');
    t += 2;
    expect(guard.get('a')).toBeNull();
  });

  it('keeps at most 200 pages, dropping the oldest first', () => {
    const guard = createRenderGuard(() => 0);
    for (let i = 0; i < 201; i++) guard.put(`p${i}`, page(String(i)));
    expect(guard.get('p0')).toBeNull();
    expect(guard.get('p1')?.html).toBe('1');
    expect(guard.get('p200')?.html).toBe('200');
  });

  it('answers busy at once beyond eight renders under way, and renders again when one ends', async () => {
    const guard = createRenderGuard();
    const gates: (() => void)[] = [];
    const slow = () => guard.limit(() => new Promise<string>((res) => gates.push(() => res('done'))));
    const running = Array.from({ length: 8 }, slow);
    expect(await guard.limit(async () => 'ninth')).toBe('busy');
    gates.shift()!();
    await running[0];
    expect(await guard.limit(async () => 'now')).toBe('now');
    gates.forEach((g) => g());
    expect(await Promise.all(running)).toEqual(Array(8).fill('done'));
  });
});

describe('routeAssets', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index-1.css'] },
    '_shared.js': { file: 'assets/shared-2.js' },
    'screens/public/PublicApp.tsx': { file: 'assets/PublicApp-3.js', imports: ['_shared.js', '_theme.js'], css: ['assets/public-4.css'] },
    '_theme.js': { file: 'assets/theme-5.js', css: ['assets/theme-6.css'] },
  };
  const template = '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-2.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css">';

  it('names a route’s chunks and CSS with their static imports, leaving out what the template already links', () => {
    expect(routeAssets(manifest, ['screens/public/PublicApp.tsx'], template)).toEqual({
      scripts: ['/assets/theme-5.js', '/assets/PublicApp-3.js'],
      styles: ['/assets/theme-6.css', '/assets/public-4.css'],
    });
  });

  it('gives nothing for a module the build does not have, or without a manifest', () => {
    expect(routeAssets(manifest, ['screens/nope.tsx'], template)).toEqual({ scripts: [], styles: [] });
    expect(routeAssets(null, ['screens/public/PublicApp.tsx'], template)).toEqual({ scripts: [], styles: [] });
  });
});

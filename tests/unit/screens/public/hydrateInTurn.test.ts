import { describe, expect, it } from 'vitest';
import { evaluateInTurn, preloadedChunks } from '../../../../screens/public/hydrateInTurn';

describe('evaluateInTurn', () => {
  it('imports the chunks one after the other, each after the one before has settled, and goes on past a failure', async () => {
    const log: string[] = [];
    let open = 0;
    await evaluateInTurn(['/assets/a.js', '/assets/b.js', '/assets/c.js'], async (url) => {
      open++;
      log.push(`${url}:${open}`);
      await Promise.resolve();
      open--;
      if (url.endsWith('b.js')) throw new Error('offline');
    });
    expect(log).toEqual(['/assets/a.js:1', '/assets/b.js:1', '/assets/c.js:1']);
  });
});

describe('preloadedChunks', () => {
  it('takes the build’s preloaded chunks in the page’s order and leaves a form’s validator module to the page', () => {
    const links = ['/assets/dates-1.js', '/api/public/validators/abc-1.js', '/assets/ApplyPage-2.js'].map((p) => ({ href: `http://demo.localhost${p}` }));
    const doc = { baseURI: 'http://demo.localhost/1_x/apply', querySelectorAll: () => links } as unknown as Document;
    expect(preloadedChunks(doc)).toEqual(['http://demo.localhost/assets/dates-1.js', 'http://demo.localhost/assets/ApplyPage-2.js']);
  });
});

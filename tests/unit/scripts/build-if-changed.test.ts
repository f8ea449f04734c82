import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, buildIfChanged } from '../../../scripts/build-if-changed';

// npm start's build step (issue 27 item 6) on a project of a few files, with a build that
// writes dist/index.html and counts its runs.
describe('npm start builds the front end only when its sources changed', () => {
  const root = mkdtempSync(join(tmpdir(), 'blankett-stamp-'));
  const outDir = join(root, 'dist');
  let builds = 0;
  const build = () => {
    builds++;
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'index.html'), `<html>${builds}</html>`);
    return true;
  };
  const write = (file: string, text: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  const start = () => buildIfChanged({ root, outDir, build });
  write('screens/App.tsx', 'export const App = 1;');
  write('schemas/messages/sv.json', '{"a":"Hej"}');
  write('vite.config.ts', 'export default {};');
  write('server/main.ts', '// the server, not the front end');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds the first time, not the second, and again after a source, a message or the config changed', () => {
    expect(start()).toBe('built');
    expect(start()).toBe('unchanged');
    expect(builds).toBe(1);
    write('screens/App.tsx', 'export const App = 2;');
    expect(start()).toBe('built');
    expect(start()).toBe('unchanged');
    write('schemas/messages/sv.json', '{"a":"Hej då"}');
    expect(start()).toBe('built');
    write('vite.config.ts', 'export default { base: "/" };');
    expect(start()).toBe('built');
    write('screens/new-screen.tsx', 'export const New = 1;');
    expect(start()).toBe('built');
    expect(builds).toBe(5);
  });

  it('does not build for a change outside the front end, and builds when dist/ is gone or a build failed', () => {
    write('server/main.ts', '// changed');
    expect(start()).toBe('unchanged');
    rmSync(outDir, { recursive: true });
    expect(start()).toBe('built');
    write('screens/App.tsx', 'export const App = 3;');
    expect(buildIfChanged({ root, outDir, build: () => false })).toBe('failed');
    expect(start()).toBe('built');
  });

  it('hashes what vite reads: the front-end folders, schemas, the vite plugins, the config and the locked dependencies', () => {
    for (const input of ['engine', 'widgets', 'screens', 'schemas', 'public', 'scripts/vite', 'index.html', 'vite.config.ts', 'package-lock.json']) {
      expect(BUILD_INPUTS).toContain(input);
    }
  });
});

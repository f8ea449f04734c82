import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter((f) => /\.(ts|tsx|js|json|md|css|sh)$/.test(f));

describe('the design is the project\'s own', () => {
  it('no tracked file cites a document outside the repository', () => {
    const outside = /DESIGN\.md|STYLE\.md|shared\/spec\//;
    const citing = tracked.filter((f) => f !== 'tests/unit/docs/citations.test.ts' && outside.test(readFileSync(join(root, f), 'utf8')));
    expect(citing).toEqual([]);
  });

  it('docs/architecture.md names every room of the server and of the screens that exists', () => {
    const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const rooms = (dir: string) => execFileSync('git', ['ls-files', dir], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean).map((f) => f.split('/')[2]!).filter((r) => !r.includes('.'));
    const missing = [...new Set(rooms('server/domain'))].filter((r) => !doc.includes(`\`${r}\``));
    expect(missing).toEqual([]);
  });
});

import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fill } from '../../../engine/fill';

describe('fill: the one message filler', () => {
  it('replaces every occurrence of a placeholder, not only the first', () => {
    expect(fill('{name} har sökt {position}. Välkommen, {name}!', { name: 'Anna', position: 'Kassör' })).toBe('Anna har sökt Kassör. Välkommen, Anna!');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(fill('Hej {firstname} {lastname}', { firstname: 'Sara' })).toBe('Hej Sara {lastname}');
  });

  it('writes numbers and inserts values literally (no $& or $1 patterns)', () => {
    expect(fill('{count} sökande', { count: 0 })).toBe('0 sökande');
    expect(fill('Pris: {p}', { p: '$& $1 $$' })).toBe('Pris: $& $1 $$');
  });

  it('does not read inherited keys', () => {
    expect(fill('{toString} {constructor}', {})).toBe('{toString} {constructor}');
  });

  it('is the only way the code fills a {placeholder}: no inline .replace of one is left', () => {
    const root = resolve(import.meta.dirname, '../../..');
    // git grep exits 1 when nothing matches.
    const grep = spawnSync('git', ['grep', '-nE', String.raw`\.replace\(\s*['"\x60]\{[A-Za-z_]+\}`, '--', 'engine', 'server', 'screens', 'widgets'], { cwd: root, encoding: 'utf8' });
    expect(grep.stdout.trim()).toBe('');
    expect(grep.status).toBe(1);
  });
});

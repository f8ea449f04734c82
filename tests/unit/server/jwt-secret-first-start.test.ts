import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'blankett-jwt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 1 of 8 simultaneous first starts on one shared DATA_DIR left the instances with different keys. */
describe('the generated JWT secret', () => {
  it('is the same for 8 processes starting at once on one empty DATA_DIR, and no temporary file is left', async () => {
    // Each process loads the module first and then waits for one shared moment (no timing
    // assertion: the moment only lines the starts up so they race for the file).
    const script = [
      `import { loadConfig } from ${JSON.stringify(join(root, 'server/config.ts'))};`,
      'const at = Number(process.argv[2]); while (Date.now() < at) {}',
      "process.stdout.write(Buffer.from(loadConfig({ DATA_DIR: process.argv[1] }).jwtSecret).toString('hex'));",
    ].join('\n');
    const at = String(Date.now() + 6_000);
    const keys = await Promise.all(Array.from({ length: 8 }, () => run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir, at], { cwd: root }).then((r) => r.stdout)));
    expect(keys[0]).toMatch(/^[0-9a-f]{100,}$/);
    expect(new Set(keys).size).toBe(1);
    expect(readdirSync(dir)).toEqual(['jwt-secret']);
  }, 60_000);
});

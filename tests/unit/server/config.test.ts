import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'blankett-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: tmp() });
    expect(c).toMatchObject({ port: 3000, nodeEnv: 'development', isProduction: false, mongoUri: undefined, trustProxy: false });
  });

  it('hashes passwords at the deployment cost from any environment (only a test override lowers it)', () => {
    for (const NODE_ENV of ['production', 'development', 'test', undefined]) {
      expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV }).passwordCost).toEqual({ N: 32768, r: 8, p: 1 });
    }
  });

  it('generates a JWT secret once and keeps it in DATA_DIR with mode 0600', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    const file = join(dir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(loadConfig({ DATA_DIR: dir }).jwtSecret)).toEqual(Buffer.from(first.jwtSecret));
  });

  it('takes JWT_SECRET from the environment and refuses a short one', () => {
    const dir = tmp();
    expect(new TextDecoder().decode(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) }).jwtSecret)).toBe('x'.repeat(40));
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('limits public applications to 30 per IP a minute unless APPLY_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).rateLimits.applyPerIp).toBe(30);
    expect(loadConfig({ DATA_DIR: tmp(), APPLY_RATE_LIMIT: '500' }).rateLimits.applyPerIp).toBe(500);
    expect(() => loadConfig({ DATA_DIR: tmp(), APPLY_RATE_LIMIT: 'many' })).toThrow(/APPLY_RATE_LIMIT/);
  });

  it('reads PORT, MONGODB_URI, DEMO_PASSWORD and NODE_ENV', () => {
    const c = loadConfig({ DATA_DIR: tmp(), PORT: '8080', MONGODB_URI: 'mongodb://x', DEMO_PASSWORD: 'pw', NODE_ENV: 'production' });
    expect(c).toMatchObject({ port: 8080, mongoUri: 'mongodb://x', demoPassword: 'pw', isProduction: true, publicUrl: 'http://localhost:8080' });
  });

  it('refuses a PORT that is not a port', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: '70000' })).toThrow(/PORT/);
  });
});

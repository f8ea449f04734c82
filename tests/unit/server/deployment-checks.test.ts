import { describe, expect, it } from 'vitest';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { deploymentProblems } from '../../../server/deployment/checks';
import { loadConfig } from '../../../server/config';

const m = sv.deployment;
const ready = { JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://jobb.example.se', TRUST_PROXY: '1', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('a deployment that refuses to be wrong', () => {
  it('asks nothing of one instance alone, on either store', () => {
    expect(deploymentProblems({ env: {}, storeKind: 'embedded', peerAlive: false })).toEqual([]);
    expect(deploymentProblems({ env: {}, storeKind: 'mongo', peerAlive: false })).toEqual([]);
  });

  it('with REDIS_URL set, names each missing setting in Swedish', () => {
    const problems = deploymentProblems({ env: { REDIS_URL: ready.REDIS_URL }, storeKind: 'mongo', peerAlive: false });
    expect(problems[0]).toContain(m.reasonRedis);
    expect(problems.slice(1)).toEqual([m.jwtSecret, m.publicUrl, m.trustProxy].map((p) => `- ${p}`));
    expect(problems.join('\n')).toMatch(/JWT_SECRET.*\n.*PUBLIC_URL.*\n.*TRUST_PROXY=1/);
  });

  it('refuses file blobs (the embedded store) in multi-instance mode', () => {
    expect(deploymentProblems({ env: ready, storeKind: 'embedded', peerAlive: false })).toEqual([expect.stringContaining(m.reasonRedis), `- ${m.fileBlobs}`]);
  });

  it('refuses to start beside a live peer without Redis, and starts with everything set', () => {
    const { REDIS_URL: _none, ...noRedis } = ready;
    expect(deploymentProblems({ env: noRedis, storeKind: 'mongo', peerAlive: true })).toEqual([expect.stringContaining(m.reasonPeer), `- ${m.redis}`]);
    expect(deploymentProblems({ env: ready, storeKind: 'mongo', peerAlive: true })).toEqual([]);
  });

  it('refuses a JWT_SECRET_PREVIOUS shorter than 32 characters and keeps a good one apart from the signing key', () => {
    expect(() => loadConfig({ JWT_SECRET: ready.JWT_SECRET, JWT_SECRET_PREVIOUS: 'kort' })).toThrow(m.jwtPrevious);
    const config = loadConfig({ JWT_SECRET: ready.JWT_SECRET, JWT_SECRET_PREVIOUS: 'y'.repeat(40) });
    expect(new TextDecoder().decode(config.jwtSecretPrevious)).toBe('y'.repeat(40));
    expect(new TextDecoder().decode(config.jwtSecret)).toBe(ready.JWT_SECRET);
  });
});

import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';

const m = sv.deployment;

interface DeploymentFacts {
  env: NodeJS.ProcessEnv;
  /** The store in use: `embedded` keeps data and attachments in this instance's DATA_DIR. */
  storeKind: 'mongo' | 'embedded';
  /** Another instance's heartbeat is moving on the same database (peers.ts). */
  peerAlive: boolean;
}

/**
 * What keeps this instance from running beside others, in Swedish, each saying what to set;
 * empty when nothing does. Multi-instance mode is REDIS_URL set or a live peer; one instance
 * alone on either store needs none of this.
 */
export function deploymentProblems({ env, storeKind, peerAlive }: DeploymentFacts): string[] {
  const redis = Boolean(env.REDIS_URL);
  if (!redis && !peerAlive) return [];
  const problems: string[] = [];
  if (!env.JWT_SECRET) problems.push(m.jwtSecret);
  if (!env.PUBLIC_URL) problems.push(m.publicUrl);
  if (!(env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true')) problems.push(m.trustProxy);
  if (storeKind === 'embedded') problems.push(m.fileBlobs);
  if (peerAlive && !redis) problems.push(m.redis);
  if (problems.length === 0) return [];
  const head = fill(m.multiInstance, { reason: redis ? m.reasonRedis : m.reasonPeer });
  return [head, ...problems.map((p) => `- ${p}`)];
}

/**
 * Test-only (issue 19's fault "a clock 5 minutes off on one instance"): with
 * BLANKETT_FAKE_CLOCK_OFFSET_MS set, this process's `Date.now` runs that many milliseconds
 * ahead (or behind), the way a machine with a wrong clock would, so a test can run one
 * instance of a pair off and check that heartbeats, jobs and tokens stay right. Everything
 * that reads the time reads `Date.now` (deps.now, the heartbeat, job periods, token checks).
 * Refused under NODE_ENV=production: a real deployment fixes its clock with NTP.
 */
export function applyFakeClockOffset(env: NodeJS.ProcessEnv): number {
  const raw = env.BLANKETT_FAKE_CLOCK_OFFSET_MS;
  if (!raw) return 0;
  const offset = Number(raw);
  if (!Number.isInteger(offset)) throw new Error('BLANKETT_FAKE_CLOCK_OFFSET_MS must be an integer (milliseconds)');
  if (env.NODE_ENV === 'production') throw new Error('BLANKETT_FAKE_CLOCK_OFFSET_MS is for tests only and refused in production');
  const real = Date.now.bind(Date);
  Date.now = () => real() + offset;
  return offset;
}

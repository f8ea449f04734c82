import type { ChildProcess } from 'node:child_process';

/**
 * The one way scripts and tests stop a child process: SIGTERM (a graceful stop), SIGKILL when it
 * has not exited after `graceMs` (0: SIGKILL at once, an outage rather than a shutdown), and
 * resolves only once it is gone, so a caller may remove its files afterwards.
 */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  if (graceMs <= 0) {
    child.kill('SIGKILL');
    return gone;
  }
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

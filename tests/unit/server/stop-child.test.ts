import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { stopChild } from '../../../scripts/stop-child';

/** A node child that prints 'ready' once its SIGTERM handling is in place. */
function child(onTerm: 'exit' | 'ignore') {
  const code = `process.on('SIGTERM', () => { ${onTerm === 'exit' ? 'process.exit(0)' : ''} }); setInterval(() => {}, 1000); console.log('ready');`;
  const c = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise<void>((r) => c.stdout!.once('data', () => r()));
  return { c, ready };
}

describe('stopChild', () => {
  it('stops a child gracefully with SIGTERM and resolves once it has exited', async () => {
    const { c, ready } = child('exit');
    await ready;
    await stopChild(c, 10_000);
    expect(c.exitCode).toBe(0);
  });

  it('kills a child that ignores SIGTERM once the grace time is over', async () => {
    const { c, ready } = child('ignore');
    await ready;
    await stopChild(c, 200);
    expect(c.signalCode).toBe('SIGKILL');
  });

  it('kills at once with no grace time, and does nothing for a child already gone', async () => {
    const { c, ready } = child('exit');
    await ready;
    await stopChild(c, 0);
    expect(c.signalCode).toBe('SIGKILL');
    await stopChild(c, 0);
  });
});

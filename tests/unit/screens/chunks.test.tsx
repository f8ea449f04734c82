import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppErrorBoundary } from '../../../screens/AppErrorBoundary';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, chunksSettled, loadChunk, reloadForNewBuild } from '../../../screens/chunks';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('gives up after the spec’s 120 seconds with an error naming the chunk', async () => {
    vi.useFakeTimers();
    const never = loadChunk('AdminApp', () => new Promise<never>(() => undefined));
    const seen = never.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void seen.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = (await seen) as ChunkLoadError;
    expect(e).toBeInstanceOf(ChunkLoadError);
    expect([e.chunk, e.timedOut]).toEqual(['AdminApp', true]);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('names a chunk whose fetch failed, and passes a loaded one through', async () => {
    await expect(loadChunk('ApplyPage', () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toMatchObject({ chunk: 'ApplyPage', timedOut: false });
    await expect(loadChunk('PublicApp', () => Promise.resolve(42))).resolves.toBe(42);
  });
});

describe('chunksSettled', () => {
  it('waits for every load under way, a failed one and one started by another included', async () => {
    const ended: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const later = () => loadChunk('Later', async () => void ended.push('Later'));
    void loadChunk('Held', async () => {
      await held;
      ended.push('Held');
      void later();
    });
    void loadChunk('Broken', () => Promise.reject(new TypeError('Failed to fetch'))).catch(() => ended.push('Broken'));
    let settled = false;
    const waiting = chunksSettled().then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(ended.sort()).toEqual(['Broken', 'Held', 'Later']);
  });
});

describe('reloadForNewBuild', () => {
  it('reloads once, then not again within a minute, then again after it', () => {
    const reload = vi.fn();
    expect(reloadForNewBuild(reload, 1_000_000)).toBe(true);
    expect(reloadForNewBuild(reload, 1_030_000)).toBe(false);
    expect(reloadForNewBuild(reload, 1_061_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

function Throws({ error }: { error: Error }): never {
  throw error;
}

describe('the app’s outermost error boundary', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows a chunk that timed out by name, in Swedish, with a retry, instead of a blank page', () => {
    render(
      <AppErrorBoundary>
        <Throws error={new ChunkLoadError('AdminApp', true)} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sidan kunde inte laddas');
    expect(screen.getByRole('alert').textContent).toContain('(AdminApp) tog för lång tid');
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeTruthy();
  });

  it('shows a failed chunk after the one reload a minute is used up', () => {
    sessionStorage.setItem('blankett-chunk-reload', String(Date.now()));
    render(
      <AppErrorBoundary>
        <Throws error={new ChunkLoadError('PublicApp', false)} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('En del av sidan (PublicApp) kunde inte hämtas');
  });

  it('shows any other error as a Swedish error page', () => {
    render(
      <AppErrorBoundary>
        <Throws error={new Error('boom')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Något gick fel');
    expect(screen.getByRole('alert').textContent).not.toContain('boom');
  });
});

import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useLoad, type Loaded } from '../../../../screens/shared/useLoad';

/** Answers a load by hand: one pending promise per key, resolved when the test says. */
function answers() {
  const pending = new Map<string, (v: string) => void>();
  return {
    load: (key: string) => () => new Promise<string>((ok) => pending.set(key, ok)),
    async answer(key: string, value: string) {
      await act(async () => pending.get(key)!(value));
    },
  };
}

/** Every state a component was rendered with, so a single stale commit is seen, not only the last. */
function Probe({ id, load, seen, keep, expose }: { id: string; load: (key: string) => () => Promise<string>; seen: string[]; keep?: boolean; expose?: (l: Loaded<string>) => void }) {
  const l = useLoad(load(id), id, { keep });
  expose?.(l);
  const text = `${id}: ${l.loading ? 'loading' : 'ready'} ${l.data ?? '-'}`;
  seen.push(text);
  return <p>{text}</p>;
}

describe('useLoad', () => {
  it("never gives one key's data for another: a candidate's list moved to an organisation shows it loading, not the last one's answer", async () => {
    const a = answers();
    const seen: string[] = [];
    const { rerender } = render(<Probe id="org:0" load={a.load} seen={seen} />);
    await a.answer('org:0', 'inga ansökningar');
    expect(screen.getByText('org:0: ready inga ansökningar')).toBeTruthy();

    seen.length = 0;
    rerender(<Probe id="org:1" load={a.load} seen={seen} />);
    expect(screen.getByText('org:1: loading -')).toBeTruthy();
    await a.answer('org:1', 'Sommarjobbare');
    expect(screen.getByText('org:1: ready Sommarjobbare')).toBeTruthy();
    // Not one render of org:1 carried org:0's answer (without the key check, the first did).
    expect(seen.filter((s) => s.includes('inga ansökningar'))).toEqual([]);
  });

  it('keeps the data it replaces on a reload of the same key', async () => {
    const a = answers();
    const seen: string[] = [];
    let loaded: Loaded<string> | undefined;
    render(<Probe id="k" load={a.load} seen={seen} expose={(l) => (loaded = l)} />);
    await a.answer('k', 'first');
    act(() => loaded!.reload());
    expect(screen.getByText('k: loading first')).toBeTruthy();
    await a.answer('k', 'second');
    expect(screen.getByText('k: ready second')).toBeTruthy();
  });

  it("with keep, shows the last key's data while the new key's loads (counts beside a filter)", async () => {
    const a = answers();
    const seen: string[] = [];
    const { rerender } = render(<Probe id="f1" load={a.load} seen={seen} keep />);
    await a.answer('f1', '12');
    rerender(<Probe id="f2" load={a.load} seen={seen} keep />);
    expect(screen.getByText('f2: loading 12')).toBeTruthy();
    await a.answer('f2', '7');
    expect(screen.getByText('f2: ready 7')).toBeTruthy();
  });

  it("drops a late answer for an old key", async () => {
    const a = answers();
    const seen: string[] = [];
    const { rerender } = render(<Probe id="a" load={a.load} seen={seen} />);
    rerender(<Probe id="b" load={a.load} seen={seen} />);
    await a.answer('b', 'B');
    await a.answer('a', 'A');
    expect(screen.getByText('b: ready B')).toBeTruthy();
  });
});

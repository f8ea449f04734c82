import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { SaveConflict, useAutosave, type SaveOptions } from '../../../../../engine/react/builder/useAutosave';

function Probe(props: { value: string; valid?: boolean; save(v: string, o: SaveOptions): Promise<void> }) {
  const a = useAutosave(props.value, props.valid ?? true, props.save, 500);
  return <p data-testid="status">{`${a.status}|${a.message}`}</p>;
}

const status = (c: HTMLElement) => c.querySelector('[data-testid="status"]')?.textContent;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useAutosave', () => {
  it('saves once, after the last of several quick changes', async () => {
    const save = vi.fn(async () => undefined);
    const { rerender, container } = render(<Probe value="a" save={save} />);
    rerender(<Probe value="ab" save={save} />);
    rerender(<Probe value="abc" save={save} />);
    expect(status(container)).toBe('pending|');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('abc', { keepalive: false });
    expect(status(container)).toBe('saved|');
  });

  it('does not save the value it started with', async () => {
    const save = vi.fn(async () => undefined);
    render(<Probe value="a" save={save} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('never saves an invalid value', async () => {
    const save = vi.fn(async () => undefined);
    const { rerender, container } = render(<Probe value="a" save={save} />);
    rerender(<Probe value="" valid={false} save={save} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(save).not.toHaveBeenCalled();
    expect(status(container)).toBe('invalid|');
  });

  it('saves what is waiting at once when the builder is left', async () => {
    const save = vi.fn(async () => undefined);
    const { rerender, unmount } = render(<Probe value="a" save={save} />);
    rerender(<Probe value="typed just before leaving" save={save} />);
    unmount();
    expect(save).toHaveBeenCalledWith('typed just before leaving', { keepalive: true });
  });

  it('saves with keepalive when the page is hidden away (pagehide)', async () => {
    const save = vi.fn(async () => undefined);
    const { rerender } = render(<Probe value="a" save={save} />);
    rerender(<Probe value="b" save={save} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(save).toHaveBeenCalledWith('b', { keepalive: true });
  });

  it('runs one save at a time and saves the newer value after the running one', async () => {
    let release: () => void = () => undefined;
    const save = vi.fn((_v: string) => new Promise<void>((r) => (release = r)));
    const { rerender } = render(<Probe value="a" save={save} />);
    rerender(<Probe value="b" save={save} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    rerender(<Probe value="c" save={save} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(save.mock.calls.map((c) => c[0])).toEqual(['b', 'c']);
  });

  it('stops and shows the message when someone else changed the document', async () => {
    const save = vi.fn(async () => {
      throw new SaveConflict('Mallen har ändrats av någon annan.');
    });
    const { rerender, container } = render(<Probe value="a" save={save} />);
    rerender(<Probe value="b" save={save} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    rerender(<Probe value="c" save={save} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(status(container)).toBe('conflict|Mallen har ändrats av någon annan.');
  });
});

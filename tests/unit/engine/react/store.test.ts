import { describe, expect, it, vi } from 'vitest';
import { AnswerStore } from '../../../../engine/react/store';

describe('AnswerStore', () => {
  it('notifies only the listeners of the key that changed', () => {
    const store = new AnswerStore({ a: '1', b: '2' });
    const onA = vi.fn();
    const onB = vi.fn();
    store.subscribeKey('a', onA);
    store.subscribeKey('b', onB);
    store.set('a', '11');
    expect(onA).toHaveBeenCalledTimes(1);
    expect(onB).not.toHaveBeenCalled();
    store.set('a', '11');
    expect(onA).toHaveBeenCalledTimes(1);
  });

  it('gives a new snapshot after a change and keeps the old one intact', () => {
    const store = new AnswerStore({ a: '1' });
    const before = store.snapshot();
    store.set('b', true);
    expect(before).toEqual({ a: '1' });
    expect(store.snapshot()).toEqual({ a: '1', b: true });
    store.set('a', undefined);
    expect(store.snapshot()).toEqual({ b: true });
  });

  it('takes over outside answers, notifying changed and removed keys only', () => {
    const store = new AnswerStore({ a: '1', b: '2', c: '3' });
    const calls: string[] = [];
    for (const k of ['a', 'b', 'c', 'd']) store.subscribeKey(k, () => calls.push(k));
    store.replace({ a: '1', b: 'x', d: '4' });
    expect(calls.sort()).toEqual(['b', 'c', 'd']);
  });

  it('replaces errors per key, keeping the same array while nothing changes', () => {
    const store = new AnswerStore();
    const err = { key: 'a', validator: 'minLength', message: 'För kort' };
    store.setErrors([err, { ...err }, { key: 'b', validator: 'approved', message: 'Godkänn' }]);
    const first = store.errorsOf('a');
    expect(first).toHaveLength(1);
    const onA = vi.fn();
    store.subscribeKey('a', onA);
    store.setErrors([err], ['a']);
    expect(store.errorsOf('a')).toBe(first);
    expect(onA).not.toHaveBeenCalled();
    store.setErrors([], ['a']);
    expect(store.errorsOf('a')).toHaveLength(0);
    expect(store.errorsOf('b')).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, record, redo, replacePresent, undo } from '../../../../engine/builder/history';

describe('builder history', () => {
  it('undoes and redoes recorded states in order', () => {
    let h = createHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    h = redo(h);
    h = redo(h);
    expect(h.present).toBe('c');
    expect(canRedo(h)).toBe(false);
  });

  it('drops the redo branch when a new state is recorded after an undo', () => {
    let h = record(record(createHistory('a'), 'b'), 'c');
    h = record(undo(h), 'd');
    expect(h.present).toBe('d');
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe('b');
  });

  it('records nothing when the state is the same reference', () => {
    const h = createHistory({ n: 1 });
    expect(record(h, h.present)).toBe(h);
  });

  it('coalesces a run of edits with the same tag into one undo step', () => {
    let h = createHistory('');
    h = record(h, 'H', 'label:x');
    h = record(h, 'He', 'label:x');
    h = record(h, 'Hej', 'label:x');
    expect(h.past).toEqual(['']);
    h = record(h, 'Hej!', 'label:y');
    expect(undo(h).present).toBe('Hej');
    expect(undo(undo(h)).present).toBe('');
  });

  it('starts a new step when the same tag comes back after an undo', () => {
    let h = record(record(createHistory(''), 'a', 't'), 'ab', 't');
    h = undo(h);
    h = record(h, 'x', 't');
    expect(h.past).toEqual(['']);
    expect(undo(h).present).toBe('');
  });

  it('forgets the oldest states beyond its limit', () => {
    let h = createHistory(0, 3);
    for (let i = 1; i <= 5; i++) h = record(h, i);
    expect(h.past).toEqual([2, 3, 4]);
  });

  it('replaces the present without adding an undo step', () => {
    const h = replacePresent(record(createHistory('a'), 'b'), 'B');
    expect(h.present).toBe('B');
    expect(h.past).toEqual(['a']);
  });

  it('does nothing on undo or redo when there is nothing to undo or redo', () => {
    const h = createHistory('a');
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });
});

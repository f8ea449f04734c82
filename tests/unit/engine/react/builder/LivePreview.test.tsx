import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { DragFlag, LivePreview } from '../../../../../engine/react/builder/LivePreview';
import { texts } from './helpers';

const labels = () => Array.from(document.querySelectorAll('.blk-field label')).map((l) => l.textContent?.replace('*', '').trim());

describe('the live preview beside the builder', () => {
  it('holds still while a field is dragged and shows the new order once it is dropped', async () => {
    const drag = new DragFlag();
    const before = texts('Ort', 'Postnummer');
    const after = [before[1], before[0]] as typeof before;
    const { rerender } = render(<LivePreview metadata={before} drag={drag} mode="edit" />);
    expect(await screen.findByLabelText(/Postnummer/)).toBeTruthy();
    expect(labels()).toEqual(['Ort', 'Postnummer']);

    act(() => drag.set(true));
    rerender(<LivePreview metadata={after} drag={drag} mode="edit" />);
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(labels()).toEqual(['Ort', 'Postnummer']);

    act(() => drag.set(false));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(labels()).toEqual(['Postnummer', 'Ort']);
  });

  it('follows every change made without a drag', async () => {
    const drag = new DragFlag();
    const { rerender } = render(<LivePreview metadata={texts('Ort')} drag={drag} mode="edit" />);
    rerender(<LivePreview metadata={texts('Hemort')} drag={drag} mode="edit" />);
    expect(await screen.findByLabelText(/Hemort/)).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { DragFlag, LivePreview } from '../../../../../engine/react/builder/LivePreview';
import { createFormEngine, FormEngineProvider } from '../../../../../engine/react/FormEngineProvider';
import type { CompileFn } from '../../../../../engine/react/contract';
import type { FieldWidgetDefinition } from '../../../../../engine/react/widget-api';
import { trustedDefaults } from '../../../../../engine/default-registry';
import { builtInWidgets } from '../../../../../widgets';
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

describe('the live preview after a move', () => {
  it('draws again only the fields the move changed, not the whole form', async () => {
    // The text widget with a render counter per field: the builder's drop re-renders the preview.
    const drawn = new Map<string, number>();
    const text = builtInWidgets.find((w) => w.id === 'text') as FieldWidgetDefinition;
    const counted: FieldWidgetDefinition = { ...text, Entry: (props) => (drawn.set(props.id, (drawn.get(props.id) ?? 0) + 1), <text.Entry {...props} />) };
    const { registry, compiler } = trustedDefaults();
    const engine = createFormEngine({ compile: compiler.compileTemplate as CompileFn, fieldTypes: registry, widgets: [counted, ...builtInWidgets.filter((w) => w !== text)] });
    const drag = new DragFlag();
    const before = texts(...Array.from({ length: 30 }, (_, i) => `Fält ${i + 1}`)).map((p, i) => ({ ...p, order: i }));
    // Field 3 moved below field 6, as the builder stores it: the fields whose place changed get a new order.
    const moved = [before[0], before[1], before[3], before[4], before[5], before[2], ...before.slice(6)].map((p, i) => (p!.order === i ? p! : { ...p!, order: i }));
    const view = (metadata: typeof before) => (
      <FormEngineProvider engine={engine}>
        <LivePreview metadata={metadata} drag={drag} mode="edit" />
      </FormEngineProvider>
    );
    const { rerender } = render(view(before));
    expect(await screen.findByLabelText(/Fält 30/)).toBeTruthy();
    drawn.clear();

    act(() => drag.set(true));
    rerender(view(moved));
    act(() => drag.set(false));
    await waitFor(() => expect(labels().slice(0, 6)).toEqual(['Fält 1', 'Fält 2', 'Fält 4', 'Fält 5', 'Fält 6', 'Fält 3']));
    // The 30 fields are all still there; at most the four that moved were drawn again.
    expect(labels()).toHaveLength(30);
    expect(drawn.size).toBeLessThanOrEqual(4);
  });
});

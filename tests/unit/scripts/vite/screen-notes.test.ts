import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutActionNotes, withoutScreenNote } from '../../../../scripts/vite/screen-notes';

const root = join(import.meta.dirname, '../../../..');

describe('the browser build drops a screen file’s top-level note', () => {
  it('keeps everything the runner reads, including the notes of sections and fields', () => {
    const file = join(root, 'schemas/screens/login.json');
    const whole = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const shipped = JSON.parse(withoutScreenNote(file, readFileSync(file, 'utf8'))!) as Record<string, unknown>;
    expect(whole.description).toEqual(expect.any(String));
    const { description: _note, ...rest } = whole;
    expect(shipped).toEqual(rest);
    const nested = JSON.stringify({ id: 'x', description: 'bort', sections: [{ description: 'kvar' }] });
    expect(JSON.parse(withoutScreenNote('/a/schemas/screens/x.json?import', nested)!)).toEqual({ id: 'x', sections: [{ description: 'kvar' }] });
  });

  it("drops a view's uses, top level and per block (the browser reads the generated VIEW_USES)", () => {
    const file = join(root, 'schemas/screens/account-calendar.json');
    const shipped = JSON.parse(withoutScreenNote(file, readFileSync(file, 'utf8'))!) as { blocks: Record<string, unknown>[] };
    expect(shipped.blocks[0]).toEqual({ kind: 'view', view: 'AccountCalendar' });
    const view = JSON.stringify({ id: 'x', kind: 'view', view: 'X', uses: ['get_mfa'] });
    expect(JSON.parse(withoutScreenNote('/a/schemas/screens/x.json', view)!)).toEqual({ id: 'x', kind: 'view', view: 'X' });
  });

  it('leaves other JSON alone', () => {
    expect(withoutScreenNote('/a/schemas/actions/positions/get_positions.json', '{"description":"kvar"}')).toBeNull();
    expect(withoutScreenNote('/a/schemas/screens/x.json', '{"id":"x"}')).toBeNull();
  });

  it("drops the notes of an action's data schema, never a field named description", () => {
    const file = join(root, 'schemas/actions/interviews/create_interviewSlots.json');
    const whole = JSON.parse(readFileSync(file, 'utf8')) as { properties: Record<string, Record<string, unknown>> };
    const shipped = JSON.parse(withoutActionNotes(file, readFileSync(file, 'utf8'))!) as { properties: Record<string, Record<string, unknown>> };
    expect(whole.properties.slots!.description).toEqual(expect.any(String));
    const { description: _note, ...rest } = whole.properties.slots!;
    expect(shipped.properties.slots).toEqual(rest);
    const field = JSON.stringify({ properties: { description: { type: 'string', description: 'bort' } } });
    expect(JSON.parse(withoutActionNotes('/a/schemas/actions/positions/x.json', field)!)).toEqual({ properties: { description: { type: 'string' } } });
    expect(withoutActionNotes('/a/schemas/actions/positions/x.json', '{"properties":{"id":{"type":"integer"}}}')).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import AdminApp from '../../../screens/admin/AdminApp';
import { catalogueOf } from '../../../screens/runner/fileCatalogue';
import { screenFiles } from './screen-files';
import { defaultRegistry } from '../../../engine/index';
import file from '../../../schemas/screens/validation-messages.json' with { type: 'json' };
import { SLOW } from '../../setup/wait';

const token = `h.${Buffer.from(JSON.stringify({ sub: 'admin@demo.test', given_name: 'A', family_name: 'B', role: 'user', exp: Date.now() / 1000 + 3600 })).toString('base64url')}.s`;

/** The container as get_container answers it, with one override already stored. */
const stored = { id: 1, name: 'demo', positionTypes: [], myPermissions: ['Administrator'], messages: { approved: 'Kryssa i rutan', minLength: 'Minst #DATA# tecken' } };

function serve() {
  const calls: { action: string; data: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const { action, data } = JSON.parse(String(init?.body ?? '{}')) as { action: string; data: Record<string, unknown> };
      calls.push({ action, data });
      const table: Record<string, unknown> = { get_containers: [{ id: 1, name: 'demo' }], get_container: stored, get_notifications: [], create_containerMetadata: stored };
      if (!(action in table)) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Hittades inte' } }), { status: 404 });
      return new Response(JSON.stringify({ data: table[action] }), { status: 200 });
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('blankett.token', token);
});
afterEach(() => vi.unstubAllGlobals());

describe('the validation messages screen (/admin/container/messages)', () => {
  it('has one field per validator, each showing its default message until the organisation writes its own', () => {
    const registry = defaultRegistry();
    expect(Object.keys(file.schema.properties).sort()).toEqual([...registry.validators.keys()].sort());
    const ui = file.uiSchema as Record<string, { 'ui:placeholder'?: string; 'ui:emptyValue'?: string }>;
    const fields = file.schema.properties as Record<string, { title: string }>;
    for (const [name, def] of registry.validators) {
      expect(fields[name]?.title).toBe(def.title);
      expect(ui[name]?.['ui:placeholder']).toBe(def.message);
      // An emptied field is sent as '' so the server removes the override, not left out.
      expect(ui[name]?.['ui:emptyValue']).toBe('');
    }
  });

  it('shows the stored overrides, saves an edit and sends an emptied one as empty so the default returns', async () => {
    const calls = serve();
    render(
      <MemoryRouter initialEntries={['/admin/container/messages']}>
        <AdminApp catalogue={catalogueOf(screenFiles)} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Valideringsmeddelanden' }, SLOW)).toBeTruthy();
    const approved = (await screen.findByDisplayValue('Kryssa i rutan', {}, SLOW)) as HTMLTextAreaElement;
    const minLength = screen.getByDisplayValue('Minst #DATA# tecken');
    const email = screen.getByLabelText('Giltig e-postadress') as HTMLTextAreaElement;
    expect(email.placeholder).toBe('Email är inte giltigt format');
    const user = userEvent.setup();
    await user.clear(minLength);
    await user.type(email, 'Skriv en riktig e-postadress');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparad', {}, SLOW)).toBeTruthy();
    const save = calls.find((c) => c.action === 'create_containerMetadata')?.data;
    expect(save).toEqual({ id: 1, metadata: {}, messages: { approved: approved.value, minLength: '', validEmail: 'Skriv en riktig e-postadress' } });
  }, 60_000);
});

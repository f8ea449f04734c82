import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { screenFiles } from './screen-files';
import type { ScreenAction, ScreenFile } from '../../../screens/runner/types';
import { fakeToken, renderAdminAt, serveActions, signIn, type Handler } from './harness';
import { refusal } from '../fetch';
import { SLOW } from '../../setup/wait';

const serve = (actions: Record<string, Handler>) => serveActions(actions, { permissions: ['Administrator'] });
const refuse = (status: number, message: string, details?: unknown) => refusal(status, 'invalid', message, details);

/** A blob's text (jsdom's Blob has no text()). */
const textOf = (b: Blob) =>
  new Promise<string>((resolve) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.readAsText(b);
  });

/** A page of one actions block: the verb under test on a made-up screen. */
const pageOf = (actions: ScreenFile['actions']): ScreenFile => ({ id: 'verbs', route: '/admin/verbs/:id', title: 'Verb', access: 'admin', kind: 'page', blocks: [{ kind: 'actions', actions }] });
const at = (actions: ScreenFile['actions']) => renderAdminAt('/admin/verbs/7', [...screenFiles, pageOf(actions)]);

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe('the dialog verb', () => {
  const add: ScreenAction = {
    label: 'Lägg till behörighet',
    action: 'create_positionPermission',
    data: { positionId: '{route.id}', email: '{form.email}', permissionId: '{form.permissionId}' },
    dialog: {
      title: 'Ny behörighet',
      submit: 'Lägg till',
      schema: {
        type: 'object',
        required: ['email'],
        properties: {
          email: { type: 'string', title: 'E-post', format: 'email' },
          permissionId: { type: 'integer', title: 'Behörighet', oneOf: [{ const: 2, title: 'Skriva' }, { const: 1, title: 'Administratör' }] },
        },
      },
    },
    toast: 'Lade till {form.email}',
  };

  it('fills the action from a form in a modal, keeps a refusal at its field and sends again', async () => {
    let tries = 0;
    const calls = serve({
      create_positionPermission: () => (++tries === 1 ? refuse(404, 'Ingen användare', [{ path: '/email', message: 'Personen är inte medlem' }]) : { id: 1 }),
    });
    at([add]);
    const user = userEvent.setup();
    // The first test of the file waits for the page's chunk too.
    await user.click(await screen.findByRole('button', { name: 'Lägg till behörighet' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny behörighet' }, SLOW);
    const email = within(dialog).getByRole('textbox', { name: 'E-post *' });
    await waitFor(() => expect(document.activeElement).toBe(email));
    // The browser's own check first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Lägg till' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain('Fältet är obligatoriskt');
    expect(calls.some((c) => c.action === 'create_positionPermission')).toBe(false);
    await user.type(email, 'ny@demo.test');
    // Typing clears the field's own error.
    expect(dialog.textContent).not.toContain('Fältet är obligatoriskt');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Behörighet' }), 'Administratör');
    await user.click(within(dialog).getByRole('button', { name: 'Lägg till' }));
    await waitFor(() => expect(dialog.textContent).toContain('Personen är inte medlem'), SLOW);
    expect(screen.getByRole('dialog', { name: 'Ny behörighet' })).toBe(dialog);
    expect(document.activeElement).toBe(email);
    await user.clear(email);
    await user.type(email, 'medlem@demo.test{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(calls.filter((c) => c.action === 'create_positionPermission').map((c) => c.data)).toEqual([
      { positionId: 7, email: 'ny@demo.test', permissionId: 1 },
      { positionId: 7, email: 'medlem@demo.test', permissionId: 1 },
    ]);
    expect(await screen.findByText('Lade till medlem@demo.test', {}, SLOW)).toBeTruthy();
    // Focus goes back to the button that opened it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Lägg till behörighet'), SLOW);
  }, 30_000);

  it('sends nothing when cancelled with Escape', async () => {
    const calls = serve({ create_positionPermission: () => ({ id: 1 }) });
    at([add]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Lägg till behörighet' }, SLOW));
    await user.type(await screen.findByRole('textbox', { name: 'E-post *' }, SLOW), 'x@demo.test');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(calls.some((c) => c.action === 'create_positionPermission')).toBe(false);
  }, 30_000);

  it("offers the organisation's open positions by name for a field of format position, and sends the chosen one's id", async () => {
    const invite: ScreenAction = {
      label: 'Bjud in att söka',
      action: 'create_talentPoolApplyInvite',
      data: { containerId: '{session.containerId}', id: '{route.id}', positionId: '{form.positionId}' },
      dialog: { title: 'Bjud in', submit: 'Skicka inbjudan', schema: { type: 'object', required: ['positionId'], properties: { positionId: { type: 'integer', title: 'Tjänst', format: 'position' } } } },
      toast: 'Inbjudan skickad',
    };
    let answer: (rows: unknown) => void = () => {};
    const positions = new Promise((resolve) => (answer = resolve));
    const calls = serve({ get_positions: () => positions, create_talentPoolApplyInvite: (d) => ({ id: d.id, positionId: d.positionId }) });
    at([invite]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bjud in att söka' }, SLOW));
    const field = await screen.findByRole('combobox', { name: 'Tjänst *' }, SLOW);
    // While they load, the empty choice says so; only open positions are offered.
    expect(field.textContent).toBe('Hämtar tjänster…');
    answer([
      { id: 3, name: 'Lagerarbetare', status: 'Öppen' },
      { id: 4, name: 'Kassör', status: 'Stängd' },
      { id: 5, name: 'Butikschef', status: 'Öppen' },
    ]);
    await waitFor(() => expect([...field.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Välj en tjänst', 'Lagerarbetare', 'Butikschef']), SLOW);
    await user.click(screen.getByRole('button', { name: 'Skicka inbjudan' }));
    expect(screen.getByRole('dialog').textContent).toContain('Fältet är obligatoriskt');
    await user.selectOptions(field, 'Butikschef');
    await user.click(screen.getByRole('button', { name: 'Skicka inbjudan' }));
    expect(await screen.findByText('Inbjudan skickad', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'create_talentPoolApplyInvite').map((c) => c.data)).toEqual([{ containerId: 1, id: 7, positionId: 5 }]);
    expect(calls.find((c) => c.action === 'get_positions')?.data).toEqual({ containerId: 1 });
  }, 30_000);

  it('says so when the organisation has no open position', async () => {
    serve({ get_positions: () => [{ id: 4, name: 'Kassör', status: 'Stängd' }] });
    at([{ label: 'Bjud in att söka', action: 'create_talentPoolApplyInvite', data: { positionId: '{form.positionId}' }, dialog: { title: 'Bjud in', schema: { type: 'object', properties: { positionId: { type: 'integer', title: 'Tjänst', format: 'position' } } } } }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bjud in att söka' }, SLOW));
    const field = await screen.findByRole('combobox', { name: 'Tjänst' }, SLOW);
    await waitFor(() => expect(field.textContent).toBe('Det finns ingen öppen tjänst'), SLOW);
  }, 30_000);
});

describe('the upload verb', () => {
  const upload: ScreenAction = {
    label: 'Importera fil',
    action: 'import_formTemplateSchema',
    data: { containerId: '{session.containerId}', name: 'Importerad: {file.name}', file: '{file.text}' },
    upload: { accept: '.json', maxBytes: 20 },
    toast: 'Importerade {answer.name}',
  };

  it('refuses a file over the limit with the spec message before sending, sends a smaller one and shows a refusal as an alert', async () => {
    let tries = 0;
    const calls = serve({ import_formTemplateSchema: () => (++tries === 1 ? refuse(400, 'Filen hänvisar till ett annat dokument') : { name: 'Mallen' }) });
    at([upload]);
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Importera fil', {}, SLOW);
    await user.upload(input, new File(['x'.repeat(21)], 'stor.json', { type: 'application/json' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('Filen är för stor');
    expect(calls.some((c) => c.action === 'import_formTemplateSchema')).toBe(false);
    await user.upload(input, new File(['{"a":1}'], 'liten.json', { type: 'application/json' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Filen hänvisar till ett annat dokument'), SLOW);
    await user.upload(input, new File(['{"b":2}'], 'annan.json', { type: 'application/json' }));
    expect(await screen.findByText('Importerade Mallen', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.action === 'import_formTemplateSchema').map((c) => c.data)).toEqual([
      { containerId: 1, name: 'Importerad: liten.json', file: '{"a":1}' },
      { containerId: 1, name: 'Importerad: annan.json', file: '{"b":2}' },
    ]);
  }, 30_000);
});

describe('the download verb', () => {
  it('saves the part of the answer it names as a file, decoded, under a name from the answer', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    serve({ create_userExport: (d) => ({ filename: `utdrag/${String(d.email)}`, json: { a: 1 }, pdf: btoa('%PDF-1'), counts: {} }) });
    at([
      { label: 'Ladda ner PDF', action: 'create_userExport', data: { containerId: '{session.containerId}', email: 'a@demo.test' }, download: { content: '/pdf', name: '{answer.filename}.pdf', type: 'application/pdf', encoding: 'base64' } },
      { label: 'Ladda ner JSON', action: 'create_userExport', data: { containerId: '{session.containerId}', email: 'a@demo.test' }, download: { content: '/json', name: '{answer.filename}.json', type: 'application/json' } },
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ladda ner PDF' }, SLOW));
    await waitFor(() => expect(names).toEqual(['utdrag-a@demo.test.pdf']), SLOW);
    await user.click(screen.getByRole('button', { name: 'Ladda ner JSON' }));
    await waitFor(() => expect(names).toHaveLength(2), SLOW);
    expect(names[1]).toBe('utdrag-a@demo.test.json');
    expect(blobs.map((b) => b.type)).toEqual(['application/pdf', 'application/json']);
    expect(await textOf(blobs[0]!)).toBe('%PDF-1');
    expect(JSON.parse(await textOf(blobs[1]!))).toEqual({ a: 1 });
    click.mockRestore();
  }, 30_000);
});

describe('the typed confirmation verb', () => {
  it('runs only once the name is typed exactly', async () => {
    const calls = serve({ delete_ApplicantFromContainer: () => ({ ok: true }) });
    at([{ label: 'Radera personen', action: 'delete_ApplicantFromContainer', data: { containerId: '{session.containerId}', userId: 'a@demo.test' }, confirm: 'Allt raderas.', confirmTyped: 'a@demo.test', toast: 'Raderad' }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Radera personen' }, SLOW));
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    expect(dialog.textContent).toContain('Allt raderas.');
    const field = within(dialog).getByRole('textbox', { name: 'Skriv a@demo.test för att bekräfta' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.type(field, 'a@demo.tes{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toContain('stämmer inte');
    expect(calls.some((c) => c.action === 'delete_ApplicantFromContainer')).toBe(false);
    await user.type(field, 't');
    await user.click(within(dialog).getByRole('button', { name: 'Radera personen' }));
    expect(await screen.findByText('Raderad', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.action === 'delete_ApplicantFromContainer')?.data).toEqual({ containerId: 1, userId: 'a@demo.test' });
  }, 30_000);
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAdminAt, serveActions, signIn } from './harness';
import { refusal } from '../fetch';
import { SLOW } from '../../setup/wait';

const person = {
  emails: ['anna@demo.test'],
  personnummer: ['199001012384'],
  name: 'Anna Berg',
  applications: [{ id: 3, positionId: 1, positionName: 'Sommarjobb', created: 1767225600 }],
  counts: { applications: 1, chatMessages: 2 },
};
const gdprPerson = (d: Record<string, unknown>) => (d.query === 'anna@demo.test' ? person : refusal(404, 'not_found', 'Vi hittade ingen person med den e-postadressen eller personnumret i organisationen.'));

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

async function search(user: ReturnType<typeof userEvent.setup>, query: string) {
  const field = await screen.findByRole('textbox', { name: /E-post eller personnummer/ }, { timeout: 20_000 });
  await user.clear(field);
  await user.type(field, query);
  await user.click(screen.getByRole('button', { name: 'Sök' }));
}

describe('the GDPR desk (schemas/screens/gdpr*.json)', () => {
  it('shows what is stored before erasing, forgets an earlier result on a new search, and erases only once the query is typed again', async () => {
    const calls = serveActions({ get_gdprPerson: gdprPerson, delete_ApplicantFromContainer: () => ({ counts: {} }) }, { permissions: ['Administrator'] });
    renderAdminAt('/admin/gdpr/delete');
    const user = userEvent.setup();
    await search(user, 'anna@demo.test');
    const found = await screen.findByRole('region', { name: 'Hittad person' }, SLOW);
    // The record block's code loads with the first page that has one (issue 27 item 1).
    await waitFor(() => expect(found.textContent).toContain('Anna Berg'), SLOW);
    expect(found.textContent).toContain('199001012384');
    const table = within(found).getByRole('table', { name: 'Ansökningar' });
    expect(table.textContent).toContain('Sommarjobb');
    expect(table.textContent).toContain('2026-01-01');
    expect(found.textContent).toContain('Ansökningar: 1, Meddelanden: 2');
    // A search that finds nobody says so and no longer shows the last person.
    await search(user, 'ingen@demo.test');
    expect(await screen.findByText(/Vi hittade ingen person/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Hittad person' })).toBeNull();
    await search(user, 'anna@demo.test');
    await user.click(within(await screen.findByRole('region', { name: 'Hittad person' }, SLOW)).getByRole('button', { name: 'Radera personen' }));
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    await user.type(within(dialog).getByRole('textbox', { name: 'Skriv anna@demo.test för att bekräfta' }), 'anna@demo.test');
    await user.click(within(dialog).getByRole('button', { name: 'Radera personen' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/gdpr'), SLOW);
    expect(calls.filter((c) => c.action === 'delete_ApplicantFromContainer').map((c) => c.data)).toEqual([{ containerId: 1, userId: 'anna@demo.test' }]);
    expect(await screen.findByText('Den ansökande har tagits bort', {}, SLOW)).toBeTruthy();
    // The GDPR page's own file loads with it (the route table carries only its entry).
    expect((await screen.findByRole('link', { name: 'Radera person (rätt att bli bortglömd)' }, SLOW)).getAttribute('href')).toBe('/admin/gdpr/delete');
  }, 60_000);

  it('downloads the register extract of the person found, as JSON and as PDF', async () => {
    const names: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const calls = serveActions({ get_gdprPerson: gdprPerson, create_userExport: () => ({ filename: 'registerutdrag-anna', json: {}, pdf: btoa('%PDF'), counts: {} }) }, { permissions: ['Administrator'] });
    renderAdminAt('/admin/gdpr/inform');
    const user = userEvent.setup();
    await search(user, 'anna@demo.test');
    const found = await screen.findByRole('region', { name: 'Hittad person' }, SLOW);
    await user.click(within(found).getByRole('button', { name: 'Ladda ner JSON' }));
    await waitFor(() => expect(names).toEqual(['registerutdrag-anna.json']), SLOW);
    await user.click(within(found).getByRole('button', { name: 'Ladda ner PDF' }));
    await waitFor(() => expect(names).toEqual(['registerutdrag-anna.json', 'registerutdrag-anna.pdf']), SLOW);
    expect(calls.filter((c) => c.action === 'create_userExport').map((c) => c.data)).toEqual([
      { containerId: 1, email: 'anna@demo.test' },
      { containerId: 1, email: 'anna@demo.test' },
    ]);
    click.mockRestore();
  }, 60_000);
});

describe('the legal hold (schemas/screens/gdpr.json)', () => {
  it('is put on a position chosen by name among all of them, a closed or archived one named with its status, and refused without one', async () => {
    const retention = { retentionMonths: 24, talentPoolMonths: 24, holds: [] };
    const calls = serveActions(
      {
        get_retentionSettings: () => retention,
        get_positions: () => [
          { id: 3, name: 'Lagerarbetare', status: 'Öppen' },
          { id: 4, name: 'Kassör', status: 'Stängd' },
          { id: 5, name: 'Butikschef', status: 'Arkiverad' },
        ],
        create_legalHold: (d) => ({ id: 1, positionId: d.positionId, reason: d.reason, at: 1767225600 }),
      },
      { permissions: ['Administrator'] },
    );
    renderAdminAt('/admin/gdpr');
    const user = userEvent.setup();
    const form = (await screen.findByRole('button', { name: 'Lägg rättslig spärr' }, { timeout: 20_000 })).closest('form')!;
    const field = await within(form).findByRole('combobox', { name: /^Tjänst/ }, SLOW);
    await waitFor(() => expect([...field.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Välj en tjänst', 'Lagerarbetare', 'Kassör (Stängd)', 'Butikschef (Arkiverad)']), SLOW);
    await user.type(within(form).getByRole('textbox', { name: /^Skäl/ }), 'Anspråk enligt diskrimineringslagen');
    await user.click(within(form).getByRole('button', { name: 'Lägg rättslig spärr' }));
    await waitFor(() => expect(form.textContent).toContain('Fältet är obligatoriskt'), SLOW);
    expect(calls.filter((c) => c.action === 'create_legalHold')).toEqual([]);
    await user.selectOptions(field, 'Butikschef (Arkiverad)');
    await user.click(within(form).getByRole('button', { name: 'Lägg rättslig spärr' }));
    expect(await screen.findByText('Spärren är lagd', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'create_legalHold').map((c) => c.data)).toEqual([{ positionId: 5, reason: 'Anspråk enligt diskrimineringslagen' }]);
  }, 40_000);
  it("lists a hold not lifted with its 'Hävd' cells empty, so a phone's card shows no bare label", async () => {
    serveActions(
      {
        get_retentionSettings: () => ({ retentionMonths: 24, talentPoolMonths: 24, holds: [{ id: 1, positionId: 3, positionName: 'Lagerarbetare', reason: 'Ett anspråk', at: 1767225600 }] }),
        get_positions: () => [],
      },
      { permissions: ['Administrator'] },
    );
    renderAdminAt('/admin/gdpr');
    const holds = await screen.findByRole('region', { name: 'Spärrar' }, { timeout: 20_000 });
    const row = await within(holds).findByRole('row', { name: /Lagerarbetare/ }, SLOW);
    const cell = (label: string) => row.querySelector(`[data-label="${label}"]`)!;
    expect(cell('Lagd').textContent).not.toBe('');
    // runner.css hides a cell that is :empty on a phone; a date's wrapper left an empty span in it.
    for (const label of ['Hävd', 'Skäl att häva']) expect(cell(label).matches(':empty'), label).toBe(true);
  }, 40_000);
});

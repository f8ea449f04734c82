import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAdminAt as at, serveActions as serve, signIn } from './harness';
import { SLOW } from '../../setup/wait';


beforeEach(() => signIn(fakeToken('writer@demo.test', 'user', { given_name: 'W', family_name: 'D' })));
afterEach(() => vi.unstubAllGlobals());

describe('text templates as form screens', () => {
  it('creates one and opens it, titled by its name, with a way back to all templates', async () => {
    const templates = [{ id: 4, title: 'Välkommen', text: '<p>Hej</p>' }];
    const calls = serve({
      get_ContainerTemplates: () => templates,
      upsert_ContainerTemplate: (d) => {
        const saved = { id: 9, title: String(d.title), text: String(d.text ?? '') };
        templates.push(saved);
        return saved;
      },
    });
    at('/admin/templates/text/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ny textmall' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alla textmallar' }).getAttribute('href')).toBe('/admin/templates/text');
    const user = userEvent.setup();
    // No title: refused at the field, nothing sent.
    const title = await screen.findByRole('textbox', { name: /Rubrik/ }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Spara mallen' }));
    await waitFor(() => expect(document.getElementById(`${title.id}__error`)?.textContent).toBe('Fältet är obligatoriskt'), SLOW);
    expect(calls.some((c) => c.action === 'upsert_ContainerTemplate')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /Rubrik/ }), 'Avslag');
    await user.click(screen.getByRole('button', { name: 'Spara mallen' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/templates/text/9'), SLOW);
    expect(calls.find((c) => c.action === 'upsert_ContainerTemplate')?.data).toEqual({ containerId: 1, title: 'Avslag', text: '' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Avslag' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Mall sparad')).toBeTruthy();
  }, 30_000);

  it('saves an existing one with its id, and says when the id names no template', async () => {
    const calls = serve({ get_ContainerTemplates: () => [{ id: 4, title: 'Välkommen', text: '<p>Hej</p>' }], upsert_ContainerTemplate: (d) => ({ id: 4, title: d.title, text: d.text }) });
    const view = at('/admin/templates/text/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Välkommen' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Välkommen – Blankett'));
    expect(await screen.findByText('Hej', {}, SLOW)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Spara mallen' }));
    await waitFor(() => expect(calls.find((c) => c.action === 'upsert_ContainerTemplate')?.data).toEqual({ containerId: 1, id: 4, title: 'Välkommen', text: '<p>Hej</p>' }), SLOW);
    view.unmount();
    at('/admin/templates/text/77');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sidan hittades inte' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spara mallen' })).toBeNull();
  }, 30_000);
});

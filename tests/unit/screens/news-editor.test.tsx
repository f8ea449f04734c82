import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAdminAt as at, serveActions as serve, signIn } from './harness';
import { SLOW } from '../../setup/wait';


afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout: ProseMirror asks for rectangles while typing.
const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
beforeAll(() => {
  Object.assign(Range.prototype, { getClientRects: () => Object.assign([], { item: () => null }), getBoundingClientRect: () => rect });
  Object.assign(Element.prototype, { getClientRects: () => Object.assign([], { item: () => null }) });
  Object.assign(document, { elementFromPoint: () => null });
});

describe('news posts are written in form screens', () => {
  it('lets odin write a post in the rich-text editor and opens it', async () => {
    signIn(fakeToken('odin@demo.test', 'odin', { given_name: 'O', family_name: 'D' }));
    const calls = serve({ create_blogPost: (d) => ({ id: 12, title: d.title, body: d.body, created: 1767225600 }), get_blogPosts: () => [{ id: 12, title: 'Nytt', body: '<p>Text</p>', created: 1767225600 }] });
    at('/admin/create-news/details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ny nyhet' }, SLOW)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Rubrik/ }, SLOW), 'Nytt');
    const body = await screen.findByRole('textbox', { name: 'Text*' }, SLOW);
    // An empty body is refused at the form, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Publicera' }));
    await waitFor(() => expect(body.getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(calls.some((c) => c.action === 'create_blogPost')).toBe(false);
    await user.click(body);
    await user.keyboard('Hej alla');
    await user.click(screen.getByRole('button', { name: 'Publicera' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/news/12'), SLOW);
    expect(calls.find((c) => c.action === 'create_blogPost')?.data).toEqual({ id: 0, title: 'Nytt', body: '<p>Hej alla</p>' });
  }, 30_000);

  it('tells anyone but odin on the edit page that only superusers write news, before they type', async () => {
    signIn(fakeToken('odin@demo.test', 'user', { given_name: 'O', family_name: 'D' }));
    const calls = serve({ get_blogPosts: () => [{ id: 12, title: 'Nytt', body: '<p>Text</p>', created: 1767225600 }] });
    at('/admin/news/12/edit');
    expect(await screen.findByText('Bara superanvändare kan skriva nyheter.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Rubrik/ })).toBeNull();
    expect(calls.some((c) => c.action === 'get_blogPosts')).toBe(false);
  }, 30_000);

  it('loads the post for odin to edit and saves it under its id', async () => {
    signIn(fakeToken('odin@demo.test', 'odin', { given_name: 'O', family_name: 'D' }));
    const calls = serve({ get_blogPosts: () => [{ id: 12, title: 'Nytt', body: '<p>Text</p>', created: 1767225600 }], create_blogPost: (d) => ({ ...d, created: 1 }) });
    at('/admin/news/12/edit');
    expect(await screen.findByDisplayValue('Nytt', {}, SLOW)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Publicera' }));
    await waitFor(() => expect(calls.find((c) => c.action === 'create_blogPost')?.data).toEqual({ id: 12, title: 'Nytt', body: '<p>Text</p>' }), SLOW);
  }, 30_000);
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ScreenFile } from '../../../../screens/runner/types';
import { fakeToken, renderAdminAt, serveActions, signIn } from '../harness';
import { screenFiles } from '../screen-files';
import { SLOW } from '../../../setup/wait';

beforeEach(() => signIn(fakeToken('odin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe("the form's rich-text field", () => {
  it('is marked required as the other fields are, and its text box says so', async () => {
    serveActions({}, { permissions: ['Administrator'] });
    const news = screenFiles.find((f) => f.id === 'create-news-details')!;
    renderAdminAt('/admin/rt-sample', [...screenFiles, { ...news, id: 'rt-sample', route: '/admin/rt-sample', access: 'admin' } as ScreenFile]);
    const title = await screen.findByRole('textbox', { name: 'Rubrik*' }, SLOW);
    const text = await screen.findByRole('textbox', { name: 'Text*' }, SLOW);
    expect(title.getAttribute('required')).not.toBeNull();
    expect(text.getAttribute('aria-required')).toBe('true');
  }, 60_000);
});

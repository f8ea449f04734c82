import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { useDocumentMeta } from '../../../../screens/public/useDocumentMeta';

function Page({ title, description }: { title: string; description?: string }) {
  useDocumentMeta(title, description);
  return null;
}

describe('useDocumentMeta', () => {
  it('sets the title and description while the page is shown and restores them after', () => {
    document.title = 'Blankett';
    const { unmount, rerender } = render(<Page title="Sommarjobbare" description={'  Vi söker\\n glada   sommarjobbare. '} />);
    expect(document.title).toBe('Sommarjobbare – Blankett');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Vi söker\\n glada sommarjobbare.');
    rerender(<Page title="Lagerarbetare" description="Lager" />);
    expect(document.title).toBe('Lagerarbetare – Blankett');
    unmount();
    expect(document.title).toBe('Blankett');
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
  });
});

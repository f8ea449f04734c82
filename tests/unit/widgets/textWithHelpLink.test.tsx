import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { describedText, renderForm } from '../engine/react/render';
import { helpLinkOf } from '../../../widgets/textWithHelpLink/TextWithHelpLink';

describe('text with help link', () => {
  it('shows the help link and ties it to the input', () => {
    renderForm();
    const link = screen.getByRole('link', { name: 'Var hittar jag numret?' });
    expect(link.getAttribute('href')).toBe('https://example.se/hjalp');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(describedText(screen.getByLabelText('Körkortsnummer'))).toBe('Var hittar jag numret?');
  });

  it('refuses a javascript: link and falls back to the default link text', () => {
    expect(helpLinkOf({ link: 'javascript:alert(1)' })).toBeUndefined();
    expect(helpLinkOf({ link: 'https://a.se' })).toEqual({ href: 'https://a.se', text: 'Läs mer' });
  });
});

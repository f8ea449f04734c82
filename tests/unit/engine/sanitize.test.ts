import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from '../../../engine/sanitize';
import { sanitizerCases } from './sanitize-cases';

describe('sanitizeHtml on the server (sanitize-html with the one policy)', () => {
  sanitizerCases(sanitizeHtml, it, expect);

  it('answers an empty string for no HTML', () => {
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });

  it('turns HTML into plain text for titles', () => {
    expect(htmlToText('Jag godkänner <a href="/v">villkoren</a> &amp; mer')).toBe('Jag godkänner villkoren & mer');
    expect(htmlToText('<p>Ett</p><p>två<br>tre</p><script>x</script>')).toBe('Ett två tre');
  });
});

import { describe, expect, it } from 'vitest';
import { fill } from '../../../engine/fill';
import { escapeHtml, fillHtml, htmlToText, sanitizeHtml } from '../../../engine/sanitize';
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

describe('fillHtml: merge fields in staff HTML, the template sanitised once', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "O'Brien & <b>co</b>",
    '&lt;script&gt;',
    '&',
    'javascript:alert(1)',
    '{firstname}',
  ];

  it('keeps a value in text as text, whatever it holds: the same markup as filling first and sanitising after', () => {
    const template = '<p>Hej {firstname}!</p><p><strong>{position}</strong> &amp; {company}</p><script>{firstname}</script>';
    for (const v of hostile) {
      const html = fillHtml(template, { firstname: v, position: v, company: 'AB' });
      // Sanitised once more, it is exactly what the old path made (only entity spellings differ before).
      expect(sanitizeHtml(html)).toBe(sanitizeHtml(fill(template, { firstname: escapeHtml(v), position: escapeHtml(v), company: 'AB' })));
      expect(html).not.toMatch(/<(script|img)/);
      expect(htmlToText(html)).toBe(`Hej ${v}! ${v} & AB`);
    }
  });

  it('fills and sanitises the whole mail when a placeholder stands inside a tag, so a value cannot become a link or a handler', () => {
    const html = fillHtml('<p><a href="{link}" title="{firstname}">Läs mer</a></p>', { link: 'javascript:alert(1)', firstname: '" onclick="alert(1)' });
    expect(html).not.toContain('javascript:');
    expect(html).not.toMatch(/onclick\s*=/);
    expect(htmlToText(html)).toBe('Läs mer');
    expect(fillHtml('<a href="https://example.se/{slug}">x</a>', { slug: 'a b' })).toBe(sanitizeHtml('<a href="https://example.se/a b">x</a>'));
    // A quote inside an attribute hides nothing: the markup is the one filling first would give.
    const quoted = '<p><a href="https://example.se/?q=it\'s{firstname}" title="it\'s {firstname}">{firstname}</a></p>';
    const v = '"><script>alert(1)</script>';
    const filled = fillHtml(quoted, { firstname: v });
    expect(filled).not.toMatch(/<script|title=/);
    expect(sanitizeHtml(filled)).toBe(sanitizeHtml(fill(quoted, { firstname: escapeHtml(v) })));
  });

  it('leaves a placeholder without a value visible, as fill does', () => {
    expect(fillHtml('<p>{okänd} {firstname}</p>', { firstname: 'Åsa' })).toBe('<p>{okänd} Åsa</p>');
  });
});

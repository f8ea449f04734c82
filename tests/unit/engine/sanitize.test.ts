import { afterEach, describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml, setHtmlSanitizer } from '../../../engine/sanitize';

describe('sanitizeHtml', () => {
  afterEach(() => setHtmlSanitizer(null));

  it('keeps simple formatting and safe links', () => {
    expect(sanitizeHtml('<p>Läs <b>mer</b> <a href="https://example.se/villkor">här</a></p>')).toBe(
      '<p>Läs <b>mer</b> <a href="https://example.se/villkor" target="_blank" rel="noopener noreferrer">här</a></p>',
    );
  });

  it('drops scripts, event handlers and unknown tags', () => {
    expect(sanitizeHtml('<img src=x onerror="alert(1)">a<script>alert(1)</script><b onclick="x()">b</b><style>*{}</style>')).toBe('a<b>b</b>');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
  });

  it('refuses javascript: links however they are disguised', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'jav&#x61;script:alert(1)', ' javascript:alert(1)', 'java\tscript:x', 'data:text/html,x', 'vbscript:x']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
    expect(sanitizeHtml('<a href="/villkor">x</a>')).toBe('<a href="/villkor" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('escapes stray angle brackets and keeps entities', () => {
    expect(sanitizeHtml('1 < 2 &amp; 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeHtml('"><img src=x>')).toBe('"&gt;');
    expect(sanitizeHtml('<!-- <script>x</script> -->hej')).toBe('hej');
  });

  it('lets a plugged-in sanitiser run after the built-in one', () => {
    setHtmlSanitizer((html) => html.toUpperCase());
    expect(sanitizeHtml('<b>a</b><script>b</script>')).toBe('<B>A</B>');
  });

  it('turns HTML into plain text for titles', () => {
    expect(htmlToText('Jag godkänner <a href="/v">villkoren</a> &amp; mer')).toBe('Jag godkänner villkoren & mer');
  });
});

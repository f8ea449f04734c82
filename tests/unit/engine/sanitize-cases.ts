/** What the one HTML policy must do, run against both backends (sanitize.test.ts, sanitize-browser.test.tsx). */
export function sanitizerCases(sanitize: (html: string) => string, it: (name: string, fn: () => void) => void, expect: (v: unknown) => { toBe(x: unknown): void; toContain(x: unknown): void; not: { toContain(x: unknown): void } }) {
  it('keeps the allowed formatting tags', () => {
    const html = '<p>Läs <b>mer</b>, <strong>viktigt</strong> <em>och</em> <i>kursivt</i></p><ul><li>ett</li></ul><h2>Rubrik</h2><blockquote>citat</blockquote>';
    expect(sanitize(html)).toBe(html);
  });

  it('keeps safe links and makes them open apart from the page', () => {
    expect(sanitize('<a href="https://example.se/villkor">här</a>')).toBe('<a href="https://example.se/villkor" target="_blank" rel="noopener noreferrer">här</a>');
    expect(sanitize('<a href="/villkor">x</a>')).toBe('<a href="/villkor" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitize('<a href="mailto:hr@example.se">mejla</a>')).toContain('href="mailto:hr@example.se"');
  });

  it('removes scripts with their content, and unknown tags', () => {
    expect(sanitize('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitize('<style>*{}</style>ok')).toBe('ok');
    expect(sanitize('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(sanitize('<iframe src="https://evil.example"></iframe>ok')).toBe('ok');
    expect(sanitize('<img src=x onerror="alert(1)">bild')).toBe('bild');
  });

  it('removes event handlers and other attributes from kept tags', () => {
    expect(sanitize('<b onclick="steal()">b</b>')).toBe('<b>b</b>');
    expect(sanitize('<p style="background:url(javascript:x)" class="x" id="y">p</p>')).toBe('<p>p</p>');
    expect(sanitize('<a href="https://example.se" onmouseover="x()">l</a>')).not.toContain('onmouseover');
  });

  it('refuses javascript: links however they are disguised', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'jav&#x61;script:alert(1)', ' javascript:alert(1)', 'java\tscript:x', 'data:text/html,x', 'vbscript:x']) {
      expect(sanitize(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('escapes stray angle brackets and drops comments', () => {
    expect(sanitize('1 < 2 &amp; 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitize('<!-- <script>x</script> -->hej')).toBe('hej');
  });
}

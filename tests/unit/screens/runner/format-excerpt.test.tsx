import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../../../engine/sanitize';
import { formatCell } from '../../../../screens/runner/format';

// The excerpt cell reads HTML as text with the browser's parser, without loading the sanitiser
// (issue 27 item 1): it must read as the sanitiser's htmlToText does (the server's, sanitize-html).
const samples = [
  '<p>Hej <b>du</b></p><p>Andra &amp; tredje</p>',
  'Rad ett<br>rad två<hr/>slut',
  '<ul><li>Ett</li><li>Två</li></ul>Efter',
  '<p>Före<script>alert(1)</script><style>p{}</style> efter</p>',
  '<h2>Rubrik</h2><div>Text&nbsp;med&#160;mellanslag &lt;tagg&gt;</div>',
  '<table><tr><td>Cell</td></tr></table><img src="x" alt="bild"><!-- kommentar -->Slut',
  '<a href="javascript:alert(1)">Länk</a> <iframe src="x">inne</iframe><textarea>fält</textarea>',
  'Bara text, &eacute;',
];

describe('the excerpt cell', () => {
  it.each(samples)('reads %s as the sanitiser does', (html) => {
    expect(formatCell(html, 'excerpt')).toBe(htmlToText(html));
  });

  it('cuts at 160 characters', () => {
    expect(formatCell(`<p>${'a'.repeat(200)}</p>`, 'excerpt')).toBe(`${'a'.repeat(159)}…`);
  });
});

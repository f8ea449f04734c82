import { describe, expect, it } from 'vitest';
import { fill } from '../../../engine/fill';
import { composeMail, textOf } from '../../../server/domain/mail/email';
import { cell } from '../../../server/domain/exports/exports-csv';

describe('mail composition', () => {
  it('replaces every occurrence of a merge field and leaves unknown ones visible', () => {
    expect(fill('{firstname} och {firstname} på {company}, {okänd} {nope}', { firstname: 'Åsa', company: 'AB' })).toBe('Åsa och Åsa på AB, {okänd} {nope}');
  });

  it('escapes values in the HTML body, keeps them plain in the subject and text, and drops scripts', () => {
    const mail = composeMail('a@example.se', 'Hej {firstname}\r\nBcc: x', '<p>Hej {firstname}</p><script>alert(1)</script><p>Rad två</p>', { firstname: '<b>Åsa</b> & co' });
    expect(mail.subject).toBe('Hej <b>Åsa</b> & co Bcc: x');
    expect(mail.html).toContain('<p>Hej &lt;b&gt;Åsa&lt;/b&gt; &amp; co</p>');
    expect(mail.html).not.toContain('<script');
    expect(mail.text).toBe('Hej <b>Åsa</b> & co\n\nRad två');
  });

  it('turns line breaks and list items into plain-text lines', () => {
    expect(textOf('<p>Ett<br>två</p><ul><li>a</li><li>b</li></ul>')).toBe('Ett\ntvå\n\n• a\n• b');
  });

  it('keeps paragraphs apart with a blank line, as the editor writes them (list items in paragraphs, ordered lists numbered)', () => {
    const html = '<p>Hej Nora!</p><p>Tack för din ansökan.</p><ol><li><p>Ett</p></li><li><p>Två</p></li></ol><p></p><p>Vänliga hälsningar<br>Demoföretaget AB</p>';
    expect(textOf(html)).toBe('Hej Nora!\n\nTack för din ansökan.\n\n1. Ett\n2. Två\n\nVänliga hälsningar\nDemoföretaget AB');
  });
});

describe('export cells and PDF text', () => {
  it('neutralises spreadsheet formulas but keeps phone numbers and negative numbers', () => {
    expect(cell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(cell('@cmd')).toBe("'@cmd");
    expect(cell('-2+3*cmd')).toBe("'-2+3*cmd");
    expect(cell('+46 70-123 45 67')).toBe('+46 70-123 45 67');
    expect(cell('-12')).toBe('-12');
    expect(cell('Åsa')).toBe('Åsa');
  });
});

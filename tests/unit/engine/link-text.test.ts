import { describe, expect, it } from 'vitest';
import { hasLinkText, withoutLinkText } from '../../../engine/link-text';

/** Issue 24: what a mail client could make a link of, in a value an applicant typed. */
describe('link-like text in applicant values', () => {
  const links = [
    'https://evil.se/x', 'HTTP://EVIL.SE', 'hxxp://evil', 'evil.com/logga-in', 'www.evil.se', 'WWW2.evil', 'evil.se', 'sub.evil.co.uk', 'xn--bcher-kva.example',
    'ｅｖｉｌ．ｓｅ', 'evil\u200b.se', 'evil\u3002se', 'mailto:hej@evil.se', 'hej@evil.se', 'javascript:alert(1)', 'data:text/html,x', '//evil', '192.168.0.1', 'Anna(evil.se)',
  ];
  const names = ['Anna', 'Anna-Lena', 'Per-Olof A.', 'J.R.', 'von Essen', 'Åsa Öberg', "O'Brien", 'Klicka här:', 'Ring 0900-123456 nu', '0701-23 45 67', 'Storgatan 1, 111 22 Stockholm'];

  it.each(links)('finds %s and drops it from the value', (link) => {
    expect(hasLinkText(`Anna ${link} Svensson`)).toBe(true);
    expect(withoutLinkText(`Anna ${link} Svensson`)).toBe('Anna Svensson');
  });

  it.each(names)('leaves %s as it is', (name) => {
    expect(hasLinkText(name)).toBe(false);
    expect(withoutLinkText(name)).toBe(name);
  });
});

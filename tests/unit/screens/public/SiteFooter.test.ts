import { describe, expect, it } from 'vitest';
import { safeHref } from '../../../../screens/public/SiteFooter';

describe('safeHref', () => {
  it('keeps http(s) and mailto links and completes a bare domain', () => {
    expect(safeHref('https://facebook.com/demo')).toBe('https://facebook.com/demo');
    expect(safeHref('mailto:hej@demo.se')).toBe('mailto:hej@demo.se');
    expect(safeHref('www.demo.se')).toBe('https://www.demo.se');
  });

  it('drops script and data URLs and empty values', () => {
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref(' JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,<script>')).toBeUndefined();
    expect(safeHref('')).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
  });
});

import type { Page } from 'playwright-core';
import { axeViolations } from './app';

/**
 * WCAG 2.2's additions that axe cannot judge alone (issue 28 item 7), measured in the page:
 * - 2.5.8 target size: every control at least 24 × 24 CSS px, links inside running text excepted
 *   (the criterion's inline exception);
 * - 2.4.11 focus not obscured: each control, focused as Tab would (the browser scrolls it into
 *   view), is not wholly covered by a fixed or sticky part of the page.
 * Answers the problems as readable lines; [] when there are none. axe runs with WCAG 2.2 AA too.
 */
export async function wcag22Problems(page: Page, scope = 'body'): Promise<string[]> {
  const found = await page.evaluate((sel) => {
    const root = document.querySelector(sel) ?? document.body;
    const out: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const visible = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
    };
    const controls = [...root.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex="-1"])')].filter(
      (el) => visible(el) && !(el as HTMLButtonElement).disabled && !el.closest('[aria-hidden="true"], .pub-skip'),
    );
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      // A visually hidden control (a file input behind its visible button) is not the target.
      if (r.width <= 1 && r.height <= 1) continue;
      const inline = el.tagName === 'A' && getComputedStyle(el).display === 'inline' && (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      if (!inline && (r.width < 23.5 || r.height < 23.5)) out.push(`target-size: ${name(el)} is ${r.width.toFixed(1)} × ${r.height.toFixed(1)} px`);
    }
    const fixed = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
      const p = getComputedStyle(el).position;
      return (p === 'fixed' || p === 'sticky') && visible(el);
    });
    for (const el of controls.slice(0, 120)) {
      el.focus();
      if (document.activeElement !== el) continue;
      const r = el.getBoundingClientRect();
      for (const f of fixed) {
        if (f.contains(el) || el.contains(f)) continue;
        const b = f.getBoundingClientRect();
        if (b.left <= r.left && b.right >= r.right && b.top <= r.top && b.bottom >= r.bottom) out.push(`focus-not-obscured: ${name(el)} is hidden under ${name(f)}`);
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return out;
  }, scope);
  const axe = await axeViolations(page, scope === 'body' ? undefined : scope, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  return [...found, ...axe.map((v) => `axe ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)];
}

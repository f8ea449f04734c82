import { useEffect, useRef } from 'react';

/** The focus is nowhere a person put it: on the page itself, or on <main> (the skip link's target). */
const lost = (main: HTMLElement) => document.activeElement === null || document.activeElement === document.body || document.activeElement === main;

/**
 * After a route change that took the focus with it (a save that goes on to the next screen,
 * a deletion that returns to the list, a link in the phone's drawer, which closes), the focus
 * goes to the new screen's heading once it is drawn, so keyboard and screen-reader users go
 * on from there, not from the top of the page. A focus that is still somewhere (a link in the
 * sidebar beside the screen, a field already chosen) stays. Not on the first page load.
 */
export function useRouteFocus(pathname: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    let frame = 0;
    let timer = 0;
    const settle = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return;
      watch.disconnect();
      // A frame on: a link in the drawer that has just closed has lost the focus by then.
      frame = requestAnimationFrame(() => {
        timer = window.setTimeout(() => {
          if (!lost(main) || !heading.isConnected) return;
          if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
          heading.focus();
        });
      });
    };
    // The screen's code and data may still be on the way: its heading comes when it is drawn.
    const watch = new MutationObserver(settle);
    watch.observe(main, { childList: true, subtree: true });
    settle();
    return () => {
      watch.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [pathname]);
}

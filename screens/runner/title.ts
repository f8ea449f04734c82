import { useEffect, useLayoutEffect } from 'react';

const TITLE_SUFFIX = 'Blankett';

/** The document title of a screen: '<title> – Blankett'. */
function documentTitle(text: string | undefined): string {
  return text ? `${text} – ${TITLE_SUFFIX}` : TITLE_SUFFIX;
}

/**
 * Sets the document title to '<text> – Blankett' while the calling component is shown. The
 * runner calls it with the screen's title; a view calls it again with, say, a loaded name.
 */
export function useScreenTitle(text: string | undefined): void {
  useEffect(() => {
    if (text === undefined) return;
    document.title = documentTitle(text);
  }, [text]);
}

/**
 * The runner's call: a layout effect runs before every passive effect of the commit, so a
 * view's own useScreenTitle (a passive effect, even in the same commit) wins.
 */
export function useRunnerTitle(text: string): void {
  useLayoutEffect(() => {
    document.title = documentTitle(text);
  }, [text]);
}

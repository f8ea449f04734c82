/**
 * In-page timing shared by both position-page bench pages. Time to the first 30 rows is read
 * against the navigation start. While scrolling (one scroll step per frame) a MessageChannel
 * loop asks for the main thread during the first 12 ms of each frame; every gap in it longer
 * than 1 ms is work someone else did (the scroll, React rendering a batch, style, layout,
 * paint). A frame's time is the sum of those gaps, plus how much later than two frame
 * intervals the next frame came (work outside the window).
 */
declare global {
  interface Window {
    __benchToken?: string;
    __benchPosition?: number;
    __benchFirst30?: number;
    __benchScroll?: (rowSelector: string, target: number, stepPx: number) => Promise<number[]>;
  }
}

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

export function installHarness(rowSelector: string): void {
  const watch = () => {
    if (document.querySelectorAll(rowSelector).length >= 30) window.__benchFirst30 = performance.now();
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);

  window.__benchScroll = async (selector, target, stepPx) => {
    const frames: number[] = [];
    let busy = 0;
    let last = performance.now();
    let windowEnd = 0;
    const channel = new MessageChannel();
    // Pings only in the first 12 ms of each frame, so network and timer tasks are never starved
    // (a continuous loop once kept a batch's answer waiting for minutes on a loaded machine).
    channel.port1.onmessage = () => {
      const now = performance.now();
      if (now - last > 1) busy += now - last;
      last = now;
      if (now < windowEnd) channel.port2.postMessage(null);
    };
    const reached = () => {
      const row = document.querySelectorAll(selector)[target - 1];
      return !!row && row.getBoundingClientRect().top < window.innerHeight;
    };
    const deadline = performance.now() + 300_000;
    let prevFrame = performance.now();
    while (!reached()) {
      if (performance.now() > deadline) {
        const error = document.querySelector('[role="alert"]')?.textContent;
        throw new Error(`row ${target} not in view after 5 min (${document.querySelectorAll(selector).length} rows${error ? `, error: ${error}` : ''})`);
      }
      await frame();
      const now = performance.now();
      // Work outside the ping window shows as a late frame: count what is beyond one frame.
      frames.push(busy + Math.max(0, now - prevFrame - 2 * 16.7));
      prevFrame = now;
      busy = 0;
      window.scrollBy(0, stepPx);
      last = performance.now();
      windowEnd = last + 12;
      channel.port2.postMessage(null);
    }
    return frames.slice(1);
  };
}

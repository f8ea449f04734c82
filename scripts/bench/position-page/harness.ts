/**
 * In-page timing shared by both position-page bench pages. Time to the first 30 rows is read
 * against the navigation start. While scrolling (one scroll step per frame) a MessageChannel
 * loop keeps asking for the main thread; every gap in it longer than 1 ms is work someone else
 * did (the scroll, React rendering a batch, style, layout, paint), and a frame's time is the
 * sum of those gaps between two animation frames.
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
    let running = true;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const now = performance.now();
      if (now - last > 1) busy += now - last;
      last = now;
      if (running) channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
    const reached = () => {
      const row = document.querySelectorAll(selector)[target - 1];
      return !!row && row.getBoundingClientRect().top < window.innerHeight;
    };
    try {
      const deadline = performance.now() + 300_000;
      while (!reached()) {
        if (performance.now() > deadline) {
          const error = document.querySelector('[role="alert"]')?.textContent;
          throw new Error(`row ${target} not in view after 5 min (${document.querySelectorAll(selector).length} rows${error ? `, error: ${error}` : ''})`);
        }
        await frame();
        window.scrollBy(0, stepPx);
        frames.push(busy);
        busy = 0;
      }
    } finally {
      running = false;
    }
    return frames.slice(1);
  };
}

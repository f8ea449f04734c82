/**
 * In-page drag timing shared by both bench pages. A drag is real pointer events on the
 * handle and the document (what dnd-kit's PointerSensor listens to); each step's frame
 * time is the main-thread work it causes: the event, React's render and commit (a
 * MessageChannel task after React's own), then style and layout (forced by reading a box).
 * Paint and compositing of the transforms are left to the GPU and not counted for either.
 * The drop is part of the drag: the pointerup step, then every frame until the page is
 * still (the builder's live preview, frozen during the drag, renders the new order in the
 * background after it). A frame after the drop is timed like the board bench's frames: the
 * gaps longer than 1 ms in a MessageChannel loop during its first 12 ms (other tasks: a
 * background render's slices), plus how much later than two frame intervals the next frame
 * came (a long commit, style or layout). The page is still after three frames with no DOM
 * change and under 2 ms of work; `__benchDropped` (if the page has one) must then hold, so
 * a preview that never caught up fails the bench instead of flattering it.
 */
declare global {
  interface Window {
    __benchReady?: boolean;
    __benchDrag?: (handleSelector: string, index: number, rows: number, steps: number) => Promise<number[]>;
    __benchCount?: number;
    /** Whether the page shows the drop's result everywhere (the builder: the preview's order). */
    __benchDropped?: () => boolean;
    /** Frame times of the last drag's drop (the pointerup step and the frames after it). */
    __benchDropFrames?: number[];
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

function pointer(type: string, x: number, y: number): PointerEvent {
  return new PointerEvent(type, { bubbles: true, cancelable: true, isPrimary: true, button: 0, buttons: type === 'pointerup' ? 0 : 1, pointerType: 'mouse', pointerId: 1, clientX: x, clientY: y });
}

/** Work per frame (see above) from now until the page is still, at most 300 frames. */
async function framesUntilStill(): Promise<number[]> {
  let changed = false;
  const observer = new MutationObserver(() => (changed = true));
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  let busy = 0;
  let prev = performance.now();
  let windowEnd = 0;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const now = performance.now();
    if (now - prev > 1) busy += now - prev;
    prev = now;
    if (now < windowEnd) channel.port2.postMessage(null);
  };
  const frames: number[] = [];
  let quiet = 0;
  let prevFrame = performance.now();
  try {
    for (let i = 0; i < 300 && quiet < 3; i++) {
      prev = performance.now();
      windowEnd = prev + 12;
      changed = false;
      channel.port2.postMessage(null);
      await nextFrame();
      const now = performance.now();
      const t = busy + Math.max(0, now - prevFrame - 2 * 16.7);
      prevFrame = now;
      busy = 0;
      quiet = !changed && t < 2 ? quiet + 1 : 0;
      if (quiet === 0) frames.push(t);
    }
  } finally {
    observer.disconnect();
    channel.port1.close();
  }
  return frames;
}

export function installHarness(): void {
  window.__benchDrag = async (handleSelector, index, rows, steps) => {
    const handle = document.querySelectorAll<HTMLElement>(handleSelector)[index];
    if (!handle) throw new Error(`no drag handle matches ${handleSelector}`);
    handle.scrollIntoView({ block: 'start' });
    await nextFrame();
    const box = handle.getBoundingClientRect();
    const item = handle.closest('li') as HTMLElement;
    const rowHeight = (item.nextElementSibling as HTMLElement).getBoundingClientRect().top - item.getBoundingClientRect().top;
    const x = box.left + box.width / 2;
    const y0 = box.top + box.height / 2;
    handle.dispatchEvent(pointer('pointerdown', x, y0));
    // Past the 4 px activation distance: the drag starts (not timed, like a press).
    document.dispatchEvent(pointer('pointermove', x, y0 + 6));
    await nextTask();
    await nextFrame();
    const times: number[] = [];
    for (let i = 1; i <= steps; i++) {
      const y = y0 + 6 + (rows * rowHeight * i) / steps;
      const t0 = performance.now();
      document.dispatchEvent(pointer('pointermove', x, y));
      await nextTask();
      void document.body.getBoundingClientRect().height;
      times.push(performance.now() - t0);
      await nextFrame();
    }
    const t0 = performance.now();
    document.dispatchEvent(pointer('pointerup', x, y0 + 6 + rows * rowHeight));
    await nextTask();
    void document.body.getBoundingClientRect().height;
    const drop = [performance.now() - t0, ...(await framesUntilStill())];
    if (window.__benchDropped && !window.__benchDropped()) throw new Error('the page never showed the drop (the preview did not catch up)');
    window.__benchDropFrames = drop;
    return [...times, ...drop];
  };
  window.__benchReady = true;
}

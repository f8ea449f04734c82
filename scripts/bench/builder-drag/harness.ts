/**
 * In-page drag timing shared by both bench pages. A drag is real pointer events on the
 * handle and the document (what dnd-kit's PointerSensor listens to); each step's frame
 * time is the main-thread work it causes: the event, React's render and commit (a
 * MessageChannel task after React's own), then style and layout (forced by reading a box).
 * Paint and compositing of the transforms are left to the GPU and not counted for either.
 */
declare global {
  interface Window {
    __benchReady?: boolean;
    __benchDrag?: (handleSelector: string, index: number, rows: number, steps: number) => Promise<number[]>;
    __benchCount?: number;
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
    document.dispatchEvent(pointer('pointerup', x, y0 + 6 + rows * rowHeight));
    await nextTask();
    await nextFrame();
    return times;
  };
  window.__benchReady = true;
}

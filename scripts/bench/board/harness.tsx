import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider, useSession } from '../../../screens/runner/session/session';
import { ToastProvider } from '../../../screens/shared/toast';

/**
 * Shared by both board bench pages: the token in place, the page mounted, and the time from
 * the navigation start until `want` cards ([data-card]) are in the document, checked between
 * tasks (a MessageChannel loop) so both pages are timed alike.
 */
declare global {
  interface Window {
    __benchToken?: string;
    __benchPosition?: number;
    __benchBoardCards?: number;
    __benchBoardFirst?: number;
    __benchBoardDrag?: (steps: number) => Promise<number[]>;
  }
}

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

function pointer(type: string, target: EventTarget, x: number, y: number) {
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, composed: true, isPrimary: true, pointerId: 1, pointerType: 'mouse', button: 0, buttons: type === 'pointerup' ? 0 : 1, clientX: x, clientY: y }));
}

/**
 * A drag of the first card's handle (the first button in a [data-card]) from the first column
 * to the last and back, one pointer step per frame, dropped where it started (so nothing is
 * moved). A frame's time is the main-thread work in it: gaps longer than 1 ms in a
 * MessageChannel loop during the first 12 ms of the frame, plus how much later than two frame
 * intervals the next frame came (the position-page harness's method).
 */
async function drag(steps: number): Promise<number[]> {
  const handle = document.querySelector('[data-card] button') as HTMLElement;
  const columns = [...document.querySelectorAll('[data-column]')] as HTMLElement[];
  const a = handle.getBoundingClientRect();
  const last = columns[columns.length - 1]!.getBoundingClientRect();
  const x0 = a.left + a.width / 2;
  const y0 = a.top + a.height / 2;
  const x1 = last.left + last.width / 2;
  const frames: number[] = [];
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
  pointer('pointerdown', handle, x0, y0);
  let prevFrame = performance.now();
  for (let i = 1; i <= steps; i++) {
    await frame();
    const now = performance.now();
    frames.push(busy + Math.max(0, now - prevFrame - 2 * 16.7));
    prevFrame = now;
    busy = 0;
    const t = i <= steps / 2 ? i / (steps / 2) : (steps - i) / (steps / 2);
    pointer('pointermove', document, x0 + (x1 - x0) * t, y0 + 20 * Math.sin(i / 3));
    prev = performance.now();
    windowEnd = prev + 12;
    channel.port2.postMessage(null);
  }
  await frame();
  pointer('pointerup', document, x0, y0);
  channel.port1.close();
  return frames.slice(2);
}

/** The board behind the guard's wait, as the app shows it: drawn once the session has chosen its organisation. */
function Chosen({ children }: { children: ReactNode }) {
  return useSession().container ? children : null;
}

export function mount(board: ReactNode, withSession: boolean): void {
  localStorage.setItem('blankett.token', window.__benchToken ?? '');
  const want = window.__benchBoardCards ?? 30;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    if (document.querySelectorAll('[data-card]').length >= want) {
      window.__benchBoardFirst = performance.now();
      channel.port1.close();
    } else channel.port2.postMessage(null);
  };
  channel.port2.postMessage(null);
  window.__benchBoardDrag = drag;
  createRoot(document.getElementById('root') as HTMLElement).render(
    <MemoryRouter>{withSession ? <SessionProvider><ToastProvider><Chosen>{board}</Chosen></ToastProvider></SessionProvider> : board}</MemoryRouter>,
  );
}

/**
 * In-page keystroke timing shared by both bench pages: each keystroke sets the input's value
 * through the native setter (as the browser does), dispatches `input`, and is timed until a
 * MessageChannel task runs, i.e. after React's synchronous re-render and commit.
 */
declare global {
  interface Window {
    __benchReady?: boolean;
    __benchType?: (selector: string, keystrokes: number) => Promise<number[]>;
    __benchTemplate?: unknown;
    __benchSchema?: unknown;
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

export function installHarness(): void {
  window.__benchType = async (selector, keystrokes) => {
    const input = document.querySelector<HTMLInputElement>(selector);
    if (!input) throw new Error(`no input matches ${selector}`);
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    if (!setter) throw new Error('no value setter');
    input.focus();
    const times: number[] = [];
    for (let i = 0; i < keystrokes; i++) {
      const next = input.value.length > 400 ? 'a' : `${input.value}a`;
      const t0 = performance.now();
      setter.call(input, next);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await nextTask();
      times.push(performance.now() - t0);
      if (input.value !== next) throw new Error('the keystroke did not reach the input');
    }
    return times;
  };
  window.__benchReady = true;
}

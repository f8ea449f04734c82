import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { chunksSettled } from '../../screens/chunks';
import { WAIT_MS } from './wait';
// The built-in widgets register the default form engine, as the screens that render forms do.
import '../../widgets/register';

afterEach(() => cleanup());
// A screen's code a file started loading in the background (the matched route's, a hovered
// link's) ends before the file does: left running, its imports met the worker's closed
// environment and failed another file ('Cannot load … after the environment was torn down').
afterAll(() => chunksSettled(), 120_000);

// jsdom has no CSS.escape; react-aria-components' overlays call it (CSP nonce lookup).
const css = ((globalThis as { CSS?: Record<string, unknown> }).CSS ??= {}) as { escape?: (s: string) => string };
css.escape ??= (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);

// Every findBy and waitFor waits as long as the tests that name a bound (tests/setup/wait.ts).
configure({ asyncUtilTimeout: WAIT_MS });

// The unit-dom files share their worker's modules and its one jsdom window (vitest.config.ts:
// isolate false); what a file leaves in the window is set back before the next one starts.
localStorage.clear();
sessionStorage.clear();
document.body.innerHTML = '';
window.history.replaceState(null, '', '/');
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();

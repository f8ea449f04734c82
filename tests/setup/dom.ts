import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
// The built-in widgets register the default form engine, as the screens that render forms do.
import '../../widgets/register';

afterEach(() => cleanup());

// jsdom has no CSS.escape; react-aria-components' overlays call it (CSP nonce lookup).
const css = ((globalThis as { CSS?: Record<string, unknown> }).CSS ??= {}) as { escape?: (s: string) => string };
css.escape ??= (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);

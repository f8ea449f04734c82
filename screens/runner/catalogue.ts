import type { ScreenFile } from './types';

/**
 * Every screen file under schemas/screens/ (docs/screens.md), read eagerly at build time:
 * the files are small and the runner needs all of them for routes, guards and the sidebar.
 * Works in the Vite build and under vitest alike. Ordered by id so the result is stable.
 */
const modules = import.meta.glob<ScreenFile>('/schemas/screens/*.json', { eager: true, import: 'default' });

export const screenFiles: readonly ScreenFile[] = Object.values(modules).sort((a, b) => a.id.localeCompare(b.id));

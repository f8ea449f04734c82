import type { ScreenFile } from '../../../screens/runner/types';

/**
 * Every file under schemas/screens/ whole, ordered by id: for tests that run the app on the real
 * files beside made-up ones (<AdminApp catalogue={…}>) or read what the files name. The app
 * itself carries only their route table and loads each file with its screen (screens/runner/catalogue.ts).
 */
export const screenFiles: readonly ScreenFile[] = Object.values(import.meta.glob<ScreenFile>('/schemas/screens/*.json', { eager: true, import: 'default' })).sort((a, b) => a.id.localeCompare(b.id));

import { loadChunk } from '../chunks';
import { preloadableLazy } from '../preloadableLazy';

/** A referee's reference form (issue 30 item 3): `/referens#token=…`, mailed to the referee. */
const REFERENCE_PATH = '/referens';

export const isReferencePath = (pathname: string) => pathname === REFERENCE_PATH || pathname === `${REFERENCE_PATH}/`;

// The page and its texts load only on its own path, so the apply page does not ship them.
const page = preloadableLazy<object>(() => loadChunk('ReferencePage', () => import('./ReferencePage')).then((m) => ({ default: m.ReferencePage })));
export const ReferencePage = page.Component;
export const preloadReferencePage = page.preload;

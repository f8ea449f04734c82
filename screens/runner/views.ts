import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '../chunks';
import { formCode } from './formCode';
import type { ScreenEntry } from './routeTable';
import type { ScreenFile, ViewProps } from './types';
import { viewRegistry } from './viewRegistry';

type Module = { default: ComponentType<ViewProps> };

/**
 * Every view block's component: a `<View>.view.tsx` beside the parts it uses in its area
 * folder (docs/screens.md "Views"), each its own lazily loaded chunk; adding a view is one file.
 */
const loaders = viewRegistry(import.meta.glob<Module>('../**/*.view.tsx'));
/** One import per chunk: a preload and the later render share it. */
const loading = new Map<string, Promise<Module>>();
const cache = new Map<string, LazyExoticComponent<ComponentType<ViewProps>>>();

function once(key: string, load: () => Promise<Module>): Promise<Module> {
  let p = loading.get(key);
  if (!p) {
    p = loadChunk(key, load);
    // A failed chunk may be fetched again by the next attempt.
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

const kinds: Record<string, () => Promise<Module>> = {
  // A form screen chooses its form by its fields, as a page's form block does (FormBlock.tsx).
  form: () => import('./FormKindScreen') as Promise<Module>,
  list: () => import('./ListScreen') as Promise<Module>,
  record: () => import('./RecordScreen') as Promise<Module>,
  page: () => import('./PageScreen') as Promise<Module>,
};

/** The kinds the runner draws from data (every kind but view and redirect). */
export type DataKind = 'form' | 'list' | 'record' | 'page';
const DATA_KINDS: readonly string[] = ['form', 'list', 'record', 'page'];
export const isDataKind = (kind: string): kind is DataKind => DATA_KINDS.includes(kind);

/** The lazy component of a view, one per name (so two screens of one view keep its state). */
export function viewComponent(name: string): LazyExoticComponent<ComponentType<ViewProps>> | null {
  const load = loaders.get(name);
  if (!load) return null;
  let c = cache.get(name);
  if (!c) {
    c = lazy(() => once(`view:${name}`, load));
    cache.set(name, c);
  }
  return c;
}

/** The lazy component of a form, list, record or page screen. */
export function kindComponent(kind: DataKind): LazyExoticComponent<ComponentType<{ screen: ScreenFile }>> {
  let c = cache.get(`kind:${kind}`);
  if (!c) {
    c = lazy(() => once(`kind:${kind}`, kinds[kind]!));
    cache.set(`kind:${kind}`, c);
  }
  return c as unknown as LazyExoticComponent<ComponentType<{ screen: ScreenFile }>>;
}

/** Starts fetching the code that draws a form, the light form's or RJSF's, beside the form block's own (FormBlock.tsx). */
function preloadForm(light: boolean): void {
  void (light ? formCode.light() : formCode.rjsf()).catch(() => undefined);
}

/** Starts fetching a view's code (a form's `alternative`, before it is asked for). */
export function preloadView(name: string): void {
  const load = loaders.get(name);
  if (load) void once(`view:${name}`, load).catch(() => undefined);
}

/**
 * Starts fetching a screen's code (its view, or the form/list screen) at once from its route
 * table entry, so the chunks arrive beside its file (on its way) while the session and the
 * guards are still loading instead of after them. A form screen's and a page's form blocks'
 * choice of form (FormBlock.tsx) is in their entries, made when the table was built.
 */
export function preloadScreen(screen: ScreenEntry): void {
  if (screen.kind === 'view') preloadView(screen.view ?? '');
  else if (isDataKind(screen.kind)) {
    void once(`kind:${screen.kind}`, kinds[screen.kind]!).catch(() => undefined);
    // A form screen's form code, light or RJSF, as its entry says (chosen when the table was built).
    if (screen.kind === 'form') preloadForm(screen.light === true);
    // A page's blocks load their kinds' code and views lazily (PageScreen.tsx): all at once, beside the page's.
    if (screen.kind === 'page') {
      for (const block of screen.blocks ?? []) {
        if (block.kind === 'view') preloadView(block.view ?? '');
        else if (isDataKind(block.kind) && block.kind !== 'form') void once(`kind:${block.kind}`, kinds[block.kind]!).catch(() => undefined);
      }
      const forms = screen.blocks?.filter((b) => b.kind === 'form') ?? [];
      if (forms.length) void loadChunk('kind:formblock', () => import('./FormBlock')).catch(() => undefined);
      for (const b of forms) preloadForm(b.light === true);
    }
  }
}

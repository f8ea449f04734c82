import { isLightForm } from './lightChooser.ts';
import type { Block, ScreenFile } from './types';

/**
 * What the admin app's first chunk knows of a screen (issue 27 item 1): what the router, the
 * guards, the layouts, the document title and the sidebar read, and the blocks whose code loads
 * apart (views, forms, lists, records: a page's key and what it preloads, Runner.tsx and
 * views.ts) by kind and view, a form's with its choice of form. The rest of the file (forms,
 * columns, actions, texts) loads with its screen (screens/runner/catalogue.ts).
 */
export type ScreenEntry = Pick<ScreenFile, 'id' | 'route' | 'aliases' | 'params' | 'title' | 'access' | 'layout' | 'nav' | 'kind' | 'view' | 'to'> & {
  blocks?: (Pick<Block, 'kind' | 'view'> & FormChoice)[];
} & FormChoice;
/** A form's (a form screen's, a form block's) choice of form (lightChooser.ts), made from its file when the table is built: its code preloads at once. */
interface FormChoice {
  light?: boolean;
}

/**
 * A screen file's entry in the route table. The browser build derives the table from the files
 * with it (scripts/vite/screen-table.ts), so the table restates nothing by hand.
 */
const CODE_KINDS: ReadonlySet<string> = new Set(['view', 'form', 'list', 'record']);

export function routeEntryOf(file: ScreenFile): ScreenEntry {
  const { id, route, aliases, params, title, access, layout, nav, kind, view, to } = file;
  const light = (form: { kind: string } & Parameters<typeof isLightForm>[0]) => (form.kind === 'form' ? isLightForm(form) : undefined);
  const blocks = file.blocks?.filter((b) => CODE_KINDS.has(b.kind)).map((b) => ({ kind: b.kind, view: b.view, light: light(b) }));
  // Through JSON: a field the file does not have stays out of the entry (no `"view": undefined`).
  return JSON.parse(JSON.stringify({ id, route, aliases, params, title, access, layout, nav, kind, view, to, light: light(file), blocks })) as ScreenEntry;
}

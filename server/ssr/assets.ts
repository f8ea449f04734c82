/** One entry of Vite's build manifest (`<dist>/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The source modules (manifest keys) of the public app and its lazily loaded apply page. */
export const PUBLIC_APP = 'screens/public/PublicApp.tsx';
export const APPLY_PAGE = 'screens/public/ApplyPage.tsx';
/** What hydrates a server-rendered page: React DOM and the app (screens/main.tsx imports it after the page's chunks). */
export const BOOT = 'screens/boot.tsx';

export interface RouteAssets {
  /** JS chunks to `<link rel="modulepreload">`, in load order. */
  scripts: string[];
  /** CSS files to `<link rel="stylesheet">`. */
  styles: string[];
}

/**
 * The chunks and CSS the given modules need, with everything they import statically (not
 * their lazy imports), as absolute URLs. Files the template already links are left out.
 */
export function routeAssets(manifest: Manifest | null, modules: string[], template: string): RouteAssets {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest?.[key];
    if (!chunk) return;
    for (const dep of chunk.imports ?? []) visit(dep);
    const url = `/${chunk.file}`;
    if (!template.includes(`"${url}"`) && !scripts.includes(url)) scripts.push(url);
    for (const css of chunk.css ?? []) {
      const href = `/${css}`;
      if (!template.includes(`"${href}"`) && !styles.includes(href)) styles.push(href);
    }
  };
  for (const m of modules) visit(m);
  return { scripts, styles };
}

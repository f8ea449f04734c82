/**
 * fast-uri's `equal` and `resolve`, the two calls @rjsf/utils makes (findSchemaDefinition,
 * only for schemas that carry `$id`), on the browser's own URL parser: vite.config.ts gives
 * @rjsf/utils this module instead of fast-uri (~7.6 KB gzip, ajv keeps the real one), so
 * fast-uri leaves the public apply page, whose compiled schemas have no `$id` and never get here.
 * The admin's schemas name themselves with absolute https URLs (schemas/entities/), which the
 * URL parser resolves and compares as fast-uri does (tests/unit/engine/react/uri-lite.test.ts). A
 * relative base is resolved against a placeholder origin that is taken off again.
 */

const PLACEHOLDER = 'https://relative.invalid';

function absolute(uri: string): URL | null {
  try {
    return new URL(uri);
  } catch {
    return null;
  }
}

export function resolve(base: string, ref: string): string {
  if (absolute(base)) return new URL(ref, base).href;
  const url = new URL(ref, new URL(base, `${PLACEHOLDER}/`));
  if (url.origin !== PLACEHOLDER) return url.href;
  const path = base.startsWith('/') ? url.pathname : url.pathname.slice(1);
  return `${path}${url.search}${url.hash}`;
}

export function equal(a: string, b: string): boolean {
  const x = absolute(a);
  const y = absolute(b);
  if (x && y) return x.href === y.href;
  return a === b;
}

export default { resolve, equal };

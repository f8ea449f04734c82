import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespaceKeys, namespaceModule, splitSvImports } from '../../../scripts/vite/sv-split';

const ROOT = resolve(import.meta.dirname, '../../..');
const SV = resolve(ROOT, 'schemas/messages/sv.json');
const NS = namespaceKeys(JSON.parse(readFileSync(SV, 'utf8')) as Record<string, unknown>);
const at = (rel: string) => resolve(ROOT, rel);

describe('the Swedish texts per namespace (scripts/vite/sv-split.ts, issue 18)', () => {
  it('imports only the namespaces a module reads', () => {
    const code = `import sv from '../../schemas/messages/sv.json' with { type: 'json' };\nexport const a = sv.engine.retry;\nexport const b = sv['public'];\ntype T = typeof sv.toast;\nexport const c: T = sv.toast;\n`;
    const out = splitSvImports(code, at('engine/react/x.ts'), SV, NS);
    expect(out).not.toBeNull();
    expect(out).not.toContain('sv.json');
    expect(out).toContain("import { retry as __sv_engine__retry } from 'virtual:blankett-sv/engine';");
    expect(out).toContain("import __sv_public from 'virtual:blankett-sv/public';");
    expect(out).toContain('export const a = __sv_engine__retry;');
    expect(out).toContain('export const b = __sv_public;');
    expect(out).toContain('type T = typeof __sv_toast;');
  });

  it('leaves a module that uses the whole file alone', () => {
    for (const use of ['export const all = sv;', 'export const k = (n: string) => sv[n as keyof typeof sv];', 'export const o = { sv };', 'export const x = sv.noSuchNamespace;']) {
      const code = `import sv from '../schemas/messages/sv.json';\nexport const a = sv.app.retry;\n${use}\n`;
      expect(splitSvImports(code, at('screens/x.tsx'), SV, NS), use).toBeNull();
    }
  });

  it('ignores other JSON files, keys named sv and comments', () => {
    expect(splitSvImports(`import sv from './sv.json';\nexport const a = sv.app;\n`, at('screens/x.ts'), SV, NS)).toBeNull();
    const code = `import sv from '../schemas/messages/sv.json';\n// sv.json "validators"\nexport const o = { sv: 1 }.sv + sv.app.retry;\n`;
    expect(splitSvImports(code, at('screens/x.ts'), SV, NS)).toBe(`import { retry as __sv_app__retry } from 'virtual:blankett-sv/app';\n// sv.json "validators"\nexport const o = { sv: 1 }.sv + __sv_app__retry;\n`);
  });

  it('imports a text read by its key by name, and the namespace whole where it is read whole or written', () => {
    const code = `import sv from '../schemas/messages/sv.json';\nexport const a = sv.app.retry + sv['app']['loading'];\nexport const b = sv.app;\nexport const c = sv.engine.noSuchKey;\n`;
    const out = splitSvImports(code, at('screens/x.ts'), SV, NS)!;
    expect(out).toContain("import __sv_app from 'virtual:blankett-sv/app';");
    expect(out).toContain("import __sv_engine from 'virtual:blankett-sv/engine';");
    expect(out).toContain("import { loading as __sv_app__loading, retry as __sv_app__retry } from 'virtual:blankett-sv/app';");
    expect(out).toContain('export const a = __sv_app__retry + __sv_app__loading;');
    expect(out).toContain('export const b = __sv_app;');
    expect(out).toContain('export const c = __sv_engine.noSuchKey;');
  });

  it('gives each text of a namespace a name and the whole namespace as the default', async () => {
    const code = namespaceModule({ retry: 'Försök igen', 'with-dash': 'x', new: 'y', nested: { a: 1 } });
    const mod = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, unknown>;
    expect(mod.retry).toBe('Försök igen');
    expect(mod.nested).toEqual({ a: 1 });
    expect(Object.keys(mod).sort()).toEqual(['default', 'nested', 'retry']);
    expect(mod.default).toEqual({ retry: 'Försök igen', 'with-dash': 'x', new: 'y', nested: { a: 1 } });
    expect(Object.keys(mod.default as object)).toEqual(['retry', 'with-dash', 'new', 'nested']);
  });

  it('follows a top-level alias of a namespace read only by key, and keeps it where it is read otherwise', () => {
    const byKey = `import sv from '../schemas/messages/sv.json';\nconst t = sv.app;\nexport const a = t.retry + t['loading'];\nexport const o = { t: 1 }.t;\n`;
    expect(splitSvImports(byKey, at('screens/x.ts'), SV, NS)).toBe(
      `import { loading as __sv_app__loading, retry as __sv_app__retry } from 'virtual:blankett-sv/app';\n\nexport const a = __sv_app__retry + __sv_app__loading;\nexport const o = { t: 1 }.t;\n`,
    );
    for (const use of ['export const b = t;', 'export const f = (t: { retry: string }) => t.retry;', 'export const n = t.noSuchKey;', 'type T = typeof t;']) {
      const code = `import sv from '../schemas/messages/sv.json';\nconst t = sv.app;\nexport const a = t.retry;\n${use}\n`;
      const out = splitSvImports(code, at('screens/x.ts'), SV, NS)!;
      expect(out, use).toContain("import __sv_app from 'virtual:blankett-sv/app';");
      expect(out, use).toContain('const t = __sv_app;');
      expect(out, use).toContain('export const a = t.retry;');
    }
  });
});

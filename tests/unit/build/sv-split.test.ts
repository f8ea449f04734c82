import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitSvImports } from '../../../scripts/vite/sv-split';

const ROOT = resolve(import.meta.dirname, '../../..');
const SV = resolve(ROOT, 'schemas/messages/sv.json');
const NS = new Set(Object.keys(JSON.parse(readFileSync(SV, 'utf8')) as object));
const at = (rel: string) => resolve(ROOT, rel);

describe('the Swedish texts per namespace (scripts/vite/sv-split.ts, issue 18)', () => {
  it('imports only the namespaces a module reads', () => {
    const code = `import sv from '../../schemas/messages/sv.json' with { type: 'json' };\nexport const a = sv.engine.retry;\nexport const b = sv['public'];\ntype T = typeof sv.toast;\nexport const c: T = sv.toast;\n`;
    const out = splitSvImports(code, at('engine/react/x.ts'), SV, NS);
    expect(out).not.toBeNull();
    expect(out).not.toContain('sv.json');
    expect(out).toContain("import __sv_engine from 'virtual:blankett-sv/engine';");
    expect(out).toContain("import __sv_public from 'virtual:blankett-sv/public';");
    expect(out).toContain('export const a = __sv_engine.retry;');
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
    expect(splitSvImports(code, at('screens/x.ts'), SV, NS)).toBe(`import __sv_app from 'virtual:blankett-sv/app';\n// sv.json "validators"\nexport const o = { sv: 1 }.sv + __sv_app.retry;\n`);
  });
});

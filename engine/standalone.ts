import standaloneCode from 'ajv/dist/standalone';
import { createHash } from 'node:crypto';
import { createAjv, type Ajv2020 } from './ajv';
import type { JSONSchema } from './build-form';
import { LruCache } from './cache';
import type { Registry } from './registry';
import { RUNTIME_GLOBAL, RUNTIME_MODULE } from './validator-runtime';

/**
 * A compiled form's validator as an ES module of ajv standalone code, for the public pages: the
 * browser imports it and validates without compiling (no ajv, no 'unsafe-eval').
 *
 * How its imports resolve in the browser, without a bundler: standalone code `require`s ajv's
 * runtime helpers and our keyword runtime. Here every `require("<id>")` is rewritten to a
 * lookup in one object the page's own bundle registers on
 * `globalThis[Symbol.for('blankett.validatorRuntime')]` (engine/precompiled.ts)
 * before it imports a validator; the module throws on import when nothing registered it (the
 * page then shows its error state). The ids are a fixed list (RUNTIME_IDS); generating code that
 * needs any other import fails here, on the server, not in a browser. Chosen over serving a
 * runtime module at an absolute URL because the page already bundles the keyword runtime (one
 * copy, the same build as the page) and the server would otherwise have to bundle TypeScript.
 *
 * Not Node-free: only the server imports this file.
 */

/** The module ids standalone code may import, as keys of the registered runtime object. */
const RUNTIME_IDS = ['ajv/dist/runtime/ucs2length', 'ajv/dist/runtime/equal', RUNTIME_MODULE] as const;

export interface StandaloneModule {
  /** sha256 of the code, hex, 32 characters: the module's URL name and strong ETag. */
  hash: string;
  code: string;
}

const REQUIRE = /\brequire\("([^"\\]+)"\)/g;

/** Rewrites the `require(...)`s of standalone code into runtime lookups (see above). */
export function resolveRuntimeImports(code: string): string {
  const body = code.replace(REQUIRE, (_m, id: string) => {
    if (!(RUNTIME_IDS as readonly string[]).includes(id)) throw new Error(`standalone code imports ${id}, which the browser runtime does not provide`);
    return `__blankettRuntime[${JSON.stringify(id)}]`;
  });
  const prelude =
    `const __blankettRuntime = globalThis[Symbol.for(${JSON.stringify(RUNTIME_GLOBAL)})];\n` +
    `if (!__blankettRuntime) throw new Error("Blankett validator runtime not registered");\n`;
  return body.startsWith('"use strict";') ? `"use strict";\n${prelude}${body.slice('"use strict";'.length)}` : prelude + body;
}

export interface StandaloneCompiler {
  /** The module of a form's JSON Schema (cached by the schema's content). */
  moduleFor(schema: JSONSchema): StandaloneModule;
  /** A module produced earlier (and still cached), by hash. */
  byHash(hash: string): StandaloneModule | undefined;
}

/**
 * Standalone modules of one registry's forms, each on a fresh ajv configured as engine/ajv.ts
 * (same keywords, options and strictness) plus `code: { source, esm }`. Fresh, because ajv
 * numbers the names in its code per instance: so the same form gives the same code, and the same
 * URL, in every process and after every restart (a browser's cached module stays valid), and no
 * instance keeps every schema it ever compiled (creating one costs under a millisecond).
 * Modules are cached by the schema's content (LRU, `cacheSize`); the hash index holds the same
 * entries, so a hash not produced (or dropped since) is unknown.
 */
export function createStandaloneCompiler(registry: Registry, cacheSize = 200): StandaloneCompiler {
  const instance = (): Ajv2020 => createAjv({ implementations: registry.keywordImplementations, options: { code: { source: true, esm: true } } });
  const byContent = new LruCache<StandaloneModule>(cacheSize);
  const byHash = new LruCache<StandaloneModule>(cacheSize);
  // compileTemplate's cache hands out the same schema object for the same form: no need to
  // serialise it again on every public page view while its module is still held.
  const bySchema = new WeakMap<object, StandaloneModule>();

  return {
    moduleFor(schema) {
      const known = bySchema.get(schema);
      if (known && byHash.get(known.hash) === known) return known;
      const content = JSON.stringify(schema);
      const hit = byContent.get(content);
      if (hit) {
        byHash.set(hit.hash, hit);
        bySchema.set(schema, hit);
        return hit;
      }
      const a = instance();
      const code = resolveRuntimeImports(standaloneCode(a, a.compile(schema)));
      const hash = createHash('sha256').update(code).digest('hex').slice(0, 32);
      const entry = { hash, code };
      byContent.set(content, entry);
      byHash.set(hash, entry);
      bySchema.set(schema, entry);
      return entry;
    },
    byHash: (hash) => byHash.get(hash),
  };
}

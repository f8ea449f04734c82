import type { MetadataProperty } from './types';

/** cyrb53: a fast 53-bit string hash, plenty to tell template contents apart. */
function hashString(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The compile cache key: the template's identity and version when both are given (the
 * server bumps the version on every form change), otherwise a hash of the metadata, so an
 * unversioned template is still compiled once per content.
 */
export function templateIdentity(template: { metadata: unknown; key?: unknown; version?: unknown }): string {
  const { key, version } = template;
  if ((typeof key === 'string' || typeof key === 'number') && (typeof version === 'number' || typeof version === 'string')) {
    return `k:${typeof key}:${String(key)}@${String(version)}`;
  }
  return `h:${hashString(JSON.stringify(template.metadata) ?? '')}`;
}

/** A small LRU map: the most recently used entries survive. */
export class LruCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as string);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

/** A cheap check that a cached entry still matches the template given under its identity. */
export function fingerprint(metadata: readonly MetadataProperty[]): string {
  let keys = '';
  for (const p of metadata) keys += `${p?.key}|${p?.type};`;
  return `${metadata.length}:${keys.length}:${hashString(keys)}`;
}

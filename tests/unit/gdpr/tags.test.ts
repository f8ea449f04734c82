import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOLDERS, NO_APPLICANT_DATA } from '../../../server/domain/gdpr/personal';

const root = resolve(import.meta.dirname, '../../..');
const entities = join(root, 'schemas/entities');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('personal data tags', () => {
  const tagged = readdirSync(entities)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ f, s: JSON.parse(readFileSync(join(entities, f), 'utf8')) as { 'x-gdpr'?: unknown; properties?: Record<string, Record<string, unknown>> } }))
    .filter(({ s }) => s['x-gdpr']);

  it('finds the holders of personal data in the entity schemas', () => {
    expect(HOLDERS.map((h) => h.collection).sort()).toEqual(['applicantAnswers', 'applicationLinks', 'applications', 'chatChannels', 'chatMessages', 'interviews', 'mailCopies', 'notifications', 'readLog', 'references', 'replyAddresses', 'scorecards', 'talentPool', 'talentPoolLinks']);
    expect(HOLDERS.find((h) => h.collection === 'applications')?.pii).toEqual(expect.arrayContaining(['email', 'info', 'metadata', 'notes', 'files']));
  });

  it.each(tagged.map(({ f, s }) => [f, s] as const))('%s says of every field whether it is personal data', (_f, s) => {
    const untagged = Object.entries(s.properties ?? {}).filter(([, p]) => typeof p['x-pii'] !== 'boolean').map(([k]) => k);
    expect(untagged).toEqual([]);
  });

  it.each(tagged.map(({ f, s }) => [f, s] as const))('%s links its documents to an application or a person by fields it declares', (_f, s) => {
    const g = s['x-gdpr'] as Record<string, unknown>;
    const allowed = ['collection', 'container', 'person', 'application', 'blobs', 'outbox', 'embedded', 'consent', 'description'];
    expect(Object.keys(g).filter((k) => !allowed.includes(k))).toEqual([]);
    if (g.embedded) return;
    const person = (g.person ?? {}) as Record<string, string>;
    expect(g.application ?? person.email ?? person.ssn, 'x-gdpr needs an application or a person link').toBeTruthy();
    // Every named field is a property of the entity (its first path segment).
    const fields = [g.container ?? 'containerId', g.application, person.email, person.ssn, g.blobs, g.outbox].filter((x): x is string => typeof x === 'string');
    for (const field of fields) expect(Object.keys(s.properties ?? {}), field).toContain(field.split('.')[0]);
  });

  it('lists no collection both as a holder and as holding no applicant data', () => {
    expect(HOLDERS.filter((h) => NO_APPLICANT_DATA.includes(h.collection))).toEqual([]);
  });

  it('knows of every collection the server writes whether it holds applicant data', () => {
    const used = new Set<string>();
    for (const file of tsFiles(join(root, 'server'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/collection(?:<[^>]*>)?\(\s*'([A-Za-z]+)'/g)) used.add(m[1]!);
    }
    const known = new Set([...HOLDERS.map((h) => h.collection), ...NO_APPLICANT_DATA]);
    expect([...used].filter((c) => !known.has(c)).sort()).toEqual([]);
  });
});

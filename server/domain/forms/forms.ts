import { createHash } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { compileTemplate, TemplateError } from '../../../engine';
import type { ErrorDetail } from '../../../engine/error-details';
import type { MetadataProperty } from '../../../engine/types';
import { errors } from '../../errors';
import type { Store } from '../../store/port';
import type { PositionFormDoc } from '../core/docs';

type Compiled = ReturnType<typeof compileTemplate>;

/** What an engine refusal looks like in `details`: the engine's own issues when it gives any. */
function issuesOf(err: unknown): ErrorDetail[] {
  if (err instanceof TemplateError) return err.issues.map((i) => ({ ...i, message: i.problem }));
  return [{ path: '/metadata', code: 'notCompiled', message: sv.engine.problems.notCompiled }];
}

/**
 * Compiles a form with the engine and turns a refusal into a 400 `invalid` whose details are
 * the engine's issues. Used before a template or a position form is stored, so nothing that
 * cannot be rendered or validated is ever saved.
 */
export function checkForm(metadata: MetadataProperty[], path = '/metadata'): void {
  const seen = new Set<string>();
  for (const [i, p] of metadata.entries()) {
    // Keys become stored answer keys: nothing a store could read as an operator or a path.
    if (!/^[^$.\u0000]+$/.test(p.key) || ['__proto__', 'constructor', 'prototype'].includes(p.key)) {
      throw errors.invalid([{ path: `${path}/${i}/key`, key: String(p.key), code: 'keyInvalid', message: sv.engine.problems.keyInvalid }], sv.engine.problems.keyInvalid);
    }
    if (seen.has(p.key)) throw errors.invalid([{ path: `${path}/${i}/key`, key: p.key, code: 'keyDuplicate', message: sv.engine.problems.keyDuplicate }], sv.engine.problems.keyDuplicate);
    seen.add(p.key);
  }
  try {
    compileTemplate({ metadata });
  } catch (err) {
    throw errors.invalid(issuesOf(err));
  }
}

const cache = new Map<string, Compiled>();
const MAX_CACHED = 500;

const NO_MESSAGES = {};
/**
 * The digest of a form's content (or an organisation's messages), once per object: a form
 * version and a read container are shared, never changed, objects (positionForm and the read
 * cache), so the 200-field form is not serialised and hashed again on every application.
 */
const digests = new WeakMap<object, string>();
function digestOf(value: object): string {
  let d = digests.get(value);
  if (d === undefined) digests.set(value, (d = createHash('sha1').update(JSON.stringify(value)).digest('base64url')));
  return d;
}

/**
 * The compiled validator of one version of a position's form. Compiled once per
 * (position, form version, start, container messages, the form's content): a new form
 * version, a moved start date or edited messages give a new entry, everything else reuses the
 * compiled one. The content's digest is in the key because ids are per store: a process that
 * serves several stores (the tests: one worker runs many files) never takes another's form.
 */
export function positionValidator(
  position: { id: number; formVersion: number; start: number; metadata: MetadataProperty[] },
  messages: Record<string, string> | undefined,
): Compiled {
  const id = `position:${position.id}:${position.formVersion}:${position.start}:${digestOf(position.metadata)}:${digestOf(messages ?? NO_MESSAGES)}`;
  let c = cache.get(id);
  if (!c) {
    c = compileTemplate(
      { metadata: position.metadata, key: `position:${position.id}`, version: position.formVersion },
      { messages, positionStart: position.start },
    );
    if (cache.size >= MAX_CACHED) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(id, c);
  }
  return c;
}

const formsByStore = new WeakMap<Store, Map<string, MetadataProperty[]>>();
const MAX_FORMS = 200;

/**
 * The form of one version of a position, from `positionForms`, where every version is stored
 * once and never changes: so it is cached per (store, position, version) with no
 * invalidation, in this process or any other over the same store. Null when the version was
 * never stored (data older than form versions); the caller then reads the position's own copy.
 */
export async function positionForm(store: Store, positionId: number, version: number): Promise<MetadataProperty[] | null> {
  let forms = formsByStore.get(store);
  if (!forms) formsByStore.set(store, (forms = new Map()));
  const key = `${positionId}:${version}`;
  const hit = forms.get(key);
  if (hit) {
    forms.delete(key);
    forms.set(key, hit);
    return hit;
  }
  const doc = await store.collection<PositionFormDoc>('positionForms').findOne({ positionId, version }, { projection: { metadata: 1 } });
  if (!doc) return null;
  if (forms.size >= MAX_FORMS) {
    const oldest = forms.keys().next().value;
    if (oldest !== undefined) forms.delete(oldest);
  }
  forms.set(key, doc.metadata);
  return doc.metadata;
}

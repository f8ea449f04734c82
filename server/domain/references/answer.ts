import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { compileTemplate } from '../../../engine';
import { visibleAnswers } from '../../../engine/conditions';
import { fill } from '../../../engine/fill';
import type { PrecompiledForm } from '../../../engine/precompiled';
import type { MetadataProperty } from '../../../engine/types';
import type { ServerDeps } from '../../base/deps';
import { sha256 } from '../../auth/signin';
import { errors, HttpError } from '../../errors';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { precompiledForm } from '../forms/compiled-form';
import { plainText, referencesOf, type ReferenceDoc } from './references';

/**
 * The referee's side (issue 30 item 3, server/routes/references.ts): the link's token opens the
 * reference form (compiled on the server as the apply page's is) and answers it once. Answers
 * are checked by the same engine as applications, then kept as plain text (references.ts
 * plainText), so no markup a referee types is ever shown as markup.
 */

const m = sv.references.server;

/** What the reference page shows: who asks, about whom, and the form. */
export interface OpenReference {
  company: string;
  applicant: string;
  position: string;
  referee: string;
  compiledForm: PrecompiledForm | null;
  messages: Record<string, string>;
}

const used = () => new HttpError(409, 'reference_answered', m.linkUsed);
const expired = () => new HttpError(410, 'link_expired', m.linkExpired);
const unknown = () => errors.notFound(m.linkUnknown);

/** The reference of a token: unknown, answered and expired links are refused, each with its own Swedish answer. */
async function referenceOf(deps: Pick<ServerDeps, 'store' | 'now'>, token: string): Promise<ReferenceDoc> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw unknown();
  const doc = await referencesOf(deps).findOne({ tokenHash: sha256(token) });
  if (!doc) throw unknown();
  if (doc.answers) throw used();
  if (doc.expires < deps.now()) throw expired();
  return doc;
}

async function context(deps: Pick<ServerDeps, 'store'>, doc: ReferenceDoc) {
  const [a, p, c] = await Promise.all([
    deps.store.collection<ApplicationDoc>('applications').findOne({ id: doc.applicationId }, { projection: { info: 1, email: 1 } }),
    deps.store.collection<PositionDoc>('positions').findOne({ id: doc.positionId }, { projection: { name: 1 } }),
    deps.store.collection<ContainerDoc>('containers').findOne({ id: doc.containerId }),
  ]);
  if (!a || !p || !c) throw errors.notFound(m.applicationGone);
  return { a, p, c };
}

const formOf = (doc: ReferenceDoc) => ({ metadata: doc.form.metadata as MetadataProperty[], key: `reference:${doc.id}`, version: 1 });

export async function openReference(deps: Pick<ServerDeps, 'store' | 'now'>, token: string): Promise<OpenReference> {
  const doc = await referenceOf(deps, token);
  const { a, p, c } = await context(deps, doc);
  return {
    company: c.displayName || c.name,
    applicant: a.info?.name || a.email,
    position: p.name,
    referee: doc.referee.name,
    compiledForm: precompiledForm(formOf(doc)),
    messages: {},
  };
}

/**
 * Stores the referee's answers once: validated with the engine, kept as plain text, written
 * only where no answer is yet and the link has not expired (one atomic update, so two sends
 * at once store one answer and refuse the other). Logged in the application's log.
 */
export async function answerReference(deps: ServerDeps, token: string, given: Record<string, unknown>): Promise<{ company: string }> {
  const doc = await referenceOf(deps, token);
  const { c } = await context(deps, doc);
  const form = compileTemplate(formOf(doc));
  const own: Record<string, unknown> = {};
  for (const f of doc.form.metadata as MetadataProperty[]) {
    if (!Object.hasOwn(given, f.key)) continue;
    const v = given[f.key];
    own[f.key] = typeof v === 'string' ? plainText(v) : v;
  }
  const answers = visibleAnswers(form.uiSchema['ui:options'].layout, own);
  const result = form.validate(answers);
  if (!result.valid) throw errors.invalid(result.errors);
  const now = deps.now();
  const saved = await referencesOf(deps).updateOne(
    { id: doc.id, answers: { $exists: false }, expires: { $gte: now } },
    { $set: { answers, answered: now } },
  );
  if (!saved) {
    const again = await referencesOf(deps).findOne({ id: doc.id });
    throw again?.answers ? used() : expired();
  }
  const entry = { at: now, what: 'reference', text: fill(m.logAnswered, { name: doc.referee.name }) };
  await deps.store.collection<ApplicationDoc>('applications').updateOne({ id: doc.applicationId }, { $push: { logs: entry } });
  return { company: c.displayName || c.name };
}

import { randomUUID } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { htmlToText, sanitizeHtml } from '../../../engine';
import { candidateEmail, emailUnproven, mayActAsCandidate } from '../accounts/candidate';
import { hasAccess } from '../accounts/access';
import type { ServerDeps } from '../../base/deps';
import type { Principal } from '../../base/principal';
import { errors } from '../../errors';
import type { ApplicationDoc, PositionDoc } from '../core/docs';
import { strip } from '../core/docs';
import type { ActionAnswer } from '../../../schemas/generated/actions';
import type { Doc } from '../../store/port';

/**
 * Skills (kompetenser) and skill collections of an organisation, skills attached to
 * positions, and an applicant's answers to the attached skills' questions. Names and
 * questions are stored as plain text, descriptions as sanitised HTML: script and event
 * handlers never survive. Question ids are made here: the page sends its unsaved questions
 * ('new_question-…') with empty ids.
 */

export const SKILL_ICONS = ['star', 'code', 'chat', 'truck', 'cart', 'heart', 'tools', 'book', 'leaf', 'camera', 'music', 'globe'] as const;

/** A skill as stored and answered (add_skillCommand's answer); `categoryId` null when it has none. */
export type SkillDoc = Required<ActionAnswer['add_skillCommand']> & Doc;
export interface CollectionDoc {
  [k: string]: unknown;
  id: number;
  containerId: number;
  name: string;
  description: string;
  icon: string;
  skillIds: number[];
}

const skills = (d: ServerDeps) => d.store.collection<SkillDoc>('skills');
const collections = (d: ServerDeps) => d.store.collection<CollectionDoc>('skillCollections');
const attached = (d: ServerDeps) => d.store.collection('positionSkills');
const answers = (d: ServerDeps) => d.store.collection('applicantAnswers');

const text = (s: string, max: number) => htmlToText(s).slice(0, max);
const required = (value: string, path: string) => {
  if (!value) throw errors.invalid([{ path, message: sv.skills.required }], sv.skills.required);
  return value;
};
const icon = (name: string | undefined) => (SKILL_ICONS as readonly string[]).includes(name ?? '') ? (name as string) : 'star';

export const listSkills = async (d: ServerDeps, containerId: number) =>
  (await skills(d).find({ containerId }, { sort: { name: 1 } })).map((s) => strip(s));

export const listCollections = async (d: ServerDeps, containerId: number) =>
  (await collections(d).find({ containerId }, { sort: { name: 1 } })).map((c) => ({ ...strip(c), skills: [] as unknown[] }));

export async function saveSkill(
  d: ServerDeps,
  containerId: number,
  s: { id?: number; name: string; description?: string; icon?: string; questions?: { id?: string; question: string; answer?: string }[]; categoryId?: number | null },
) {
  const doc = {
    containerId,
    name: required(text(s.name, 200), '/skill/name'),
    description: sanitizeHtml(s.description ?? '').slice(0, 5000),
    icon: icon(s.icon),
    questions: (s.questions ?? []).map((q, i) => ({
      id: q.id && !q.id.startsWith('new_question-') ? q.id : randomUUID(),
      question: required(text(q.question, 1000), `/skill/questions/${i}/question`),
      answer: text(q.answer ?? '', 2000),
    })),
    categoryId: s.categoryId ?? null,
  };
  if (s.id) {
    const updated = await skills(d).updateOne({ id: s.id, containerId }, { $set: doc });
    if (!updated) throw errors.notFound();
    return strip(updated);
  }
  return strip(await skills(d).insertOne({ id: await d.store.nextSequence('skills'), ...doc }));
}

export async function deleteSkill(d: ServerDeps, containerId: number, id: number) {
  if (!(await skills(d).deleteOne({ id, containerId }))) throw errors.notFound();
  // Idempotent: $pull of one id and a delete by filter change nothing more when run again.
  await collections(d).updateMany({ containerId }, { $pull: { skillIds: id } });
  await attached(d).deleteMany({ containerId, skillId: id });
  return { id };
}

export async function saveCollection(d: ServerDeps, containerId: number, c: { id?: number; name: string; description?: string; icon?: string; skillIds?: number[] }) {
  const ids = [...new Set(c.skillIds ?? [])];
  if (ids.length && (await skills(d).count({ containerId, id: { $in: ids } })) !== ids.length) {
    throw errors.invalid([{ path: '/template/skillIds', message: sv.skills.unknownSkill }], sv.skills.unknownSkill);
  }
  const doc = { containerId, name: required(text(c.name, 200), '/template/name'), description: sanitizeHtml(c.description ?? '').slice(0, 5000), icon: icon(c.icon), skillIds: ids };
  if (c.id) {
    const updated = await collections(d).updateOne({ id: c.id, containerId }, { $set: doc });
    if (!updated) throw errors.notFound();
    return strip(updated);
  }
  return strip(await collections(d).insertOne({ id: await d.store.nextSequence('skillCollections'), ...doc }));
}

export async function deleteCollection(d: ServerDeps, containerId: number, id: number) {
  if (!(await collections(d).deleteOne({ id, containerId }))) throw errors.notFound();
  return { id };
}

async function positionIn(d: ServerDeps, containerId: number, positionId: number) {
  const p = await d.store.collection<PositionDoc>('positions').findOne({ id: positionId }, { projection: { id: 1, containerId: 1 } });
  if (!p || p.containerId !== containerId) throw errors.notFound();
}

export async function positionSkills(d: ServerDeps, containerId: number, positionId: number) {
  await positionIn(d, containerId, positionId);
  const rows = await attached(d).find({ positionId }, { sort: { id: 1 } });
  const list = await skills(d).find({ containerId, id: { $in: rows.map((r) => r.skillId as number) } }, { sort: { name: 1 } });
  return list.map((s) => strip(s));
}

export async function attachSkill(d: ServerDeps, containerId: number, positionId: number, skillId: number) {
  await positionIn(d, containerId, positionId);
  if (!(await skills(d).findOne({ id: skillId, containerId }))) throw errors.notFound();
  if (!(await attached(d).findOne({ positionId, skillId }))) {
    await attached(d).insertOne({ id: await d.store.nextSequence('positionSkills'), containerId, positionId, skillId });
  }
  return positionSkills(d, containerId, positionId);
}

export async function detachSkill(d: ServerDeps, containerId: number, positionId: number, skillId: number) {
  await positionIn(d, containerId, positionId);
  // Idempotent delete by filter.
  await attached(d).deleteMany({ positionId, skillId });
  return positionSkills(d, containerId, positionId);
}

/** The application, if the caller is staff of its organisation (`read`/`write`) or its applicant. */
async function applicationFor(d: ServerDeps, p: Principal, containerId: number, applicantId: number, staffRole: 'read' | 'write') {
  const a = await d.store.collection<ApplicationDoc>('applications').findOne({ id: applicantId }, { projection: { id: 1, containerId: 1, positionId: 1, email: 1 } });
  if (!a || a.containerId !== containerId) {
    if (!p.emailProven && !(await hasAccess(d, p, 'read', 'container', { containerId }))) throw emailUnproven();
    throw errors.notFound();
  }
  // The applicant's own (never through a session the organisation's sign-in opened: Principal.sso).
  if (mayActAsCandidate(p) && a.email === p.email.toLowerCase()) return a;
  if (await hasAccess(d, p, staffRole, 'container', { containerId })) return a;
  if (await hasAccess(d, p, 'read', 'container', { containerId })) throw errors.forbidden();
  // An unproven caller learns nothing (not even whether the application exists).
  candidateEmail(p);
  throw errors.notFound();
}

/** The position's skills with this application's answers (empty where not answered yet). */
export async function applicantSkills(d: ServerDeps, p: Principal, containerId: number, applicantId: number) {
  const a = await applicationFor(d, p, containerId, applicantId, 'read');
  const list = await positionSkills(d, containerId, a.positionId);
  const saved = await answers(d).findOne({ applicantId: a.id });
  const given = new Map(((saved?.skills as { skillId: number; questions: { id: string; answer: string }[] }[] | undefined) ?? []).flatMap((s) => s.questions.map((q) => [`${s.skillId}:${q.id}`, q.answer] as const)));
  return {
    applicantId: a.id,
    containerId,
    skills: list.map((s) => ({
      skillId: s.id,
      name: s.name,
      description: s.description,
      icon: s.icon,
      questions: s.questions.map((q) => ({ id: q.id, question: q.question, answer: given.get(`${s.id}:${q.id}`) ?? '' })),
    })),
  };
}

/** Stores the answers (the applicant themself, or staff with write right); only the position's skills and their questions. */
export async function saveApplicantAnswers(d: ServerDeps, p: Principal, containerId: number, applicantId: number, input: { skillId: number; questions: { id: string; answer: string }[] }[]) {
  const a = await applicationFor(d, p, containerId, applicantId, 'write');
  const list = await positionSkills(d, containerId, a.positionId);
  const byId = new Map(list.map((s) => [s.id, s]));
  const out = input.map((s, i) => {
    const skill = byId.get(s.skillId);
    if (!skill) throw errors.invalid([{ path: `/skills/${i}/skillId`, message: sv.skills.unknownSkill }], sv.skills.unknownSkill);
    const ids = new Set(skill.questions.map((q) => q.id));
    return {
      skillId: s.skillId,
      questions: s.questions.map((q, j) => {
        if (!ids.has(q.id)) throw errors.invalid([{ path: `/skills/${i}/questions/${j}/id`, message: sv.skills.unknownQuestion }], sv.skills.unknownQuestion);
        return { id: q.id, answer: text(q.answer, 2000) };
      }),
    };
  });
  const doc = { applicantId: a.id, containerId, skills: out };
  await answers(d).updateOne({ applicantId: a.id }, { $set: doc }, { upsert: true });
  // Withdrawn or deleted while this save was on its way: the answers follow the application (removal.ts).
  if ((await d.store.collection('applications').count({ id: a.id })) === 0) {
    // Idempotent delete by filter.
    await answers(d).deleteMany({ applicantId: a.id });
    throw errors.notFound();
  }
  return applicantSkills(d, p, containerId, applicantId);
}

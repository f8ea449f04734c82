import { randomUUID } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import { errors } from '../../errors';
import type { ActionAnswer } from '../../../schemas/generated/actions';

/** A criterion a scorecard rates (a position's, or an interview kit's): as get_positionScoreCriteria answers it. */
export type Criterion = ActionAnswer['get_positionScoreCriteria']['criteria'][number];

const m = sv.scorecards.server;

export function refuse(path: string, message: string): never {
  throw errors.invalid([{ path, message }], message);
}

/**
 * A list of criteria as a writer sent it, checked: names trimmed, non-empty and different
 * (case-insensitively); an `id` must be one of `known` (a rename), none gets a new one.
 */
export function checkedCriteria(input: { id?: string; name: string }[], known: Set<string>, at = '/criteria'): Criterion[] {
  const names = new Set<string>();
  const ids = new Set<string>();
  return input.map((c, i) => {
    const name = c.name.replace(/\s+/g, ' ').trim();
    if (!name) refuse(`${at}/${i}/name`, m.criterionNameEmpty);
    const key = name.toLocaleLowerCase('sv');
    if (names.has(key)) refuse(`${at}/${i}/name`, fill(m.criterionNameTaken, { name }));
    names.add(key);
    if (c.id !== undefined && (!known.has(c.id) || ids.has(c.id))) refuse(`${at}/${i}/id`, m.criterionUnknownId);
    const id = c.id ?? `c-${randomUUID().slice(0, 8)}`;
    ids.add(id);
    return { id, name };
  });
}

import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import { escapeRegex } from '../../store';
import type { Filter } from '../../store/port';
import { searchTextProblem } from '../../../engine/search-text';
import { defaultLabel, loadContainer } from '../organisations/containers';
import type { ApplicationDoc, PositionDoc } from '../core/docs';
import { notHiddenCondition } from '../screening/anonymous-screening';
import { anonymityOf, isAnonymous, type Anonymity } from '../screening/screening';
import { publicStatus } from '../positions/status';
import { refusePersonnummerSearch } from './personnummer-view';
import { emailSearchable, shielded } from './protected-identity';
import { recordReads, type Reader } from '../gdpr/read-log';

const MAX_HITS = 20;

/**
 * A search or filter text as a store condition: the trimmed text, matched literally and
 * case-insensitively. Text the trigram index cannot answer (fewer than 3 characters, emoji
 * counted as one; engine/search-text.ts) is refused at `path` with a Swedish message rather
 * than matched against every applicant. Empty text is no condition (null) unless `required`.
 */
export function textCondition(text: string | undefined, path: string, required = false): Filter | null {
  const q = (text ?? '').trim();
  if (!q && !required) return null;
  const problem = searchTextProblem(q);
  if (problem) throw errors.invalid([{ path, message: sv.searchText[problem] }], sv.searchText[problem]);
  refusePersonnummerSearch(q, path);
  return { $regex: escapeRegex(q), $options: 'i' };
}

/**
 * The admin's global search: applicants (name, email) and positions (name) of one
 * container. The text is matched literally (regex-escaped), case-insensitively.
 */
export async function search(deps: ServerDeps, containerId: number, text: string | undefined, reader?: Reader) {
  const rx = textCondition(text, '?filter', true)!;
  const c = await loadContainer(deps.store, containerId);
  // An anonymous applicant (anonymous-screening.ts) is never found by name or e-mail, not even
  // as a missing row among the 20: the store leaves them out before the limit.
  const notHidden = await notHiddenCondition(deps.store, c);
  const [apps, positions] = await Promise.all([
    deps.store
      .collection<ApplicationDoc>('applications')
      .find(
        // A marked applicant (protected-identity.ts) is found by e-mail only by an administrator.
        { containerId, $or: [{ 'info.name': rx }, emailSearchable(reader?.role, rx)], ...(notHidden ? { $and: [notHidden] } : {}) },
        { sort: { id: -1 }, limit: MAX_HITS, projection: { id: 1, positionId: 1, email: 1, info: 1, created: 1, processLabelId: 1, protectedIdentity: 1 } },
      ),
    deps.store
      .collection<PositionDoc>('positions')
      .find({ containerId, name: rx }, { sort: { start: -1 }, limit: MAX_HITS, projection: { metadata: 0 } }),
  ]);
  const names = new Map<number, string>();
  const anonymity = new Map<number, Anonymity | null>();
  const missing = [...new Set(apps.map((a) => a.positionId))];
  if (missing.length) {
    const list = await deps.store
      .collection<PositionDoc>('positions')
      .find({ id: { $in: missing } }, { projection: { id: 1, name: 1, anonymous: 1 } });
    for (const p of list) {
      names.set(p.id, p.name);
      anonymity.set(p.id, anonymityOf(p));
    }
  }
  // A second guard, for a position turned anonymous between the two reads.
  const found = apps.filter((a) => !isAnonymous(c, anonymity.get(a.positionId), a.processLabelId)).map((a) => shielded(a, reader?.role));
  if (reader) recordReads(deps, reader, 'search', found.map((a) => a.id));
  const now = deps.now();
  const unprocessed = defaultLabel(c, 'Interest');
  const counted = await Promise.all(
    positions.map(async (p) => {
      const col = deps.store.collection('applications');
      const [totalApplicants, totalUnProcessed] = await Promise.all([
        col.count({ positionId: p.id }),
        unprocessed ? col.count({ positionId: p.id, interestLabelId: unprocessed.id }) : Promise.resolve(0),
      ]);
      // The search result form of a position (spec doc 1 §3) plus its public status.
      return { id: p.id, name: p.name, start: p.start, stop: p.stop, status: publicStatus(p, now), totalApplicants, totalUnProcessed };
    }),
  );
  return {
    applicants: found.map((a) => ({
      id: a.id,
      positionId: a.positionId,
      positionName: names.get(a.positionId) ?? '',
      name: a.info?.name ?? '',
      firstname: a.info?.firstname ?? '',
      lastname: a.info?.lastname ?? '',
      email: a.email,
      created: a.created,
      ...(a.protectedIdentity ? { protectedIdentity: true as const } : {}),
    })),
    positions: counted,
  };
}

import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import { isRejectedLabel } from '../../../engine/labels';
import { stockholmDateToUnix } from '../../../engine/dates';
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import type { Store } from '../../store/port';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { cachedRead } from '../core/read-cache';
import { defaultLabel, loadContainer } from '../organisations/containers';
import { AGE_BANDS, ageBandOf, countBy, dayReader, genderOf, levelFigures, overTime, pathOf, suppress, timeTo, type AnalysisRow } from './figures';
import { visitsPerStep } from './funnel';
import type { GetAnalysisData } from '../../../schemas/generated/actions';

const t = sv.analysis;

/** What get_analysis asks: the organisation, a position or all, and Stockholm days (inclusive). */
export type AnalysisQuery = GetAnalysisData;

/** The organisation's choice to show the active-measures view (update_analysisSettings). */
const activeMeasuresOn = (c: ContainerDoc) => (c.analysis as { activeMeasures?: unknown } | undefined)?.activeMeasures === true;

/** The hired levels: Process levels named 'Anställd' (as merits.ts reads them). */
const isHiredLevel = (l: { labelType: string; name: string }) => l.labelType === 'Process' && l.name.trim().toLocaleLowerCase('sv') === 'anställd';

/** What the figures read of an application: no answers, no contact data (info only for the active-measures view). */
const PATHS = ['created', 'processLabelId', 'interestLabelId', 'processHistory', 'interestSince', 'source.tag', 'source.heard'];
const INFO_PATHS = ['info.gender', 'info.dateOfBirth'];

function rangeFilter(q: AnalysisQuery) {
  const from = q.from ? stockholmDateToUnix(q.from) : null;
  const to = q.to ? stockholmDateToUnix(q.to, true) : null;
  if ((q.from && from === null) || (q.to && to === null)) throw errors.invalid([{ path: q.from && from === null ? '/from' : '/to', message: sv.server.fields.missing }]);
  if (from !== null && to !== null && from > to) throw errors.invalid([{ path: '/to', message: t.badRange }], t.badRange);
  if (from === null && to === null) return {};
  return { created: { ...(from !== null ? { $gte: from } : {}), ...(to !== null ? { $lte: to } : {}) } };
}

/** The applications in range, as the figures read them: only those fields, through the store's narrow read (Collection.columns). */
async function readRows(store: Store, q: AnalysisQuery, withInfo: boolean): Promise<AnalysisRow[]> {
  const where = q.positionId !== undefined ? { positionId: q.positionId } : { containerId: q.containerId };
  const values = await store.collection<ApplicationDoc>('applications').columns({ ...where, ...rangeFilter(q) }, withInfo ? [...PATHS, ...INFO_PATHS] : PATHS);
  return values.map(([created, processLabelId, interestLabelId, processHistory, interestSince, tag, heard, gender, dateOfBirth]) => {
    const row: AnalysisRow = {
      created: created as number,
      processLabelId: (processLabelId ?? null) as number | null,
      interestLabelId: (interestLabelId ?? null) as number | null,
    };
    if (Array.isArray(processHistory)) row.processHistory = processHistory as AnalysisRow['processHistory'];
    if (typeof interestSince === 'number') row.interestSince = interestSince;
    if (typeof tag === 'string' || typeof heard === 'string') row.source = { ...(typeof tag === 'string' ? { tag } : {}), ...(typeof heard === 'string' ? { heard } : {}) };
    if (withInfo) row.info = { gender, dateOfBirth };
    return row;
  });
}

/**
 * The analysis of an organisation, or of one of its positions (get_analysis): applications over
 * time, sources, conversion and median time per Process level, time to hire and to reject, the
 * Interest labels and where the rejected were turned down, the form's drop-off, and — where the
 * organisation shows it — gender and age bands per level with every cell of 1 to 4 suppressed.
 * One narrow read of the applications in range (the paths above only); kept while nothing changes.
 */
export async function analysisOf(deps: ServerDeps, q: AnalysisQuery) {
  const c = await loadContainer(deps.store, q.containerId);
  let position: PositionDoc | null = null;
  if (q.positionId !== undefined) {
    position = await deps.store.collection<PositionDoc>('positions').findOne({ id: q.positionId, containerId: q.containerId }, { projection: { id: 1, name: 1, containerId: 1 } });
    if (!position) throw errors.notFound(t.notFound);
  }
  const on = activeMeasuresOn(c);
  const key = `analysis:${q.containerId}:${q.positionId ?? ''}:${q.from ?? ''}:${q.to ?? ''}:${on}`;
  // The applications' figures are kept while no application, label or position changes (the
  // embedded store: reading 50,000 rows costs seconds on a loaded machine); the drop-off
  // counters, which every visitor raises, are read afresh (one small read).
  const figures = await cachedRead(deps.store, key, ['applications', 'containers', 'positions'], () => compute(deps.store, c, q, on));
  const funnel = await funnelOf(deps.store, c, q, figures.total);
  return { containerId: c.id, positionId: position?.id ?? null, positionName: position?.name ?? null, from: q.from ?? null, to: q.to ?? null, ...figures, funnel };
}

async function compute(store: Store, c: ContainerDoc, q: AnalysisQuery, on: boolean) {
  const labels = c.labels ?? [];
  const levels = labels.filter((l) => l.labelType === 'Process');
  const firstLevel = defaultLabel(c, 'Process')?.id ?? null;
  const rejected = labels.find(isRejectedLabel);
  const rows = await readRows(store, q, on);
  const dayOf = dayReader();
  const byLevel = levelFigures(rows, levels, firstLevel);
  const levelName = new Map(levels.map((l) => [l.id, l.name]));
  const rejectedRows = rejected ? rows.filter((r) => r.interestLabelId === rejected.id) : [];
  return {
    total: rows.length,
    overTime: overTime(rows, dayOf),
    sourceTags: countBy(rows, (r) => r.source?.tag, t.noAnswer),
    heard: countBy(rows, (r) => r.source?.heard, t.noAnswer),
    levels: byLevel,
    times: timeTo(rows, new Set(levels.filter(isHiredLevel).map((l) => l.id)), rejected?.id, firstLevel),
    interest: labels
      .filter((l) => l.labelType === 'Interest')
      .map((l) => ({ labelId: l.id, name: l.name, rejected: isRejectedLabel(l), count: rows.filter((r) => r.interestLabelId === l.id).length })),
    rejectedAt: countBy(rejectedRows, (r) => (r.processLabelId === null ? undefined : levelName.get(r.processLabelId)), t.noAnswer),
    activeMeasuresOn: on,
    activeMeasures: on ? activeMeasures(rows, levels, firstLevel, dayOf) : null,
  };
}

/** The form's drop-off: visits per step from the counters, then the applications sent. */
async function funnelOf(store: Store, c: ContainerDoc, q: AnalysisQuery, sent: number) {
  const positionIds =
    q.positionId !== undefined ? [q.positionId] : (await store.collection<PositionDoc>('positions').find({ containerId: c.id }, { projection: { id: 1 } })).map((p) => p.id);
  const visits = await visitsPerStep(store, positionIds, q.from ?? '0000-01-01', q.to ?? '9999-12-31');
  return [
    ...visits.map((v) => ({ step: v.step, name: v.step === 0 ? t.opened : fill(t.stepReached, { n: v.step + 1 }), count: v.count })),
    { step: -1, name: t.sent, count: sent },
  ];
}

/** Per level reached: applicants by gender and by age band, only what they gave, small cells suppressed. */
function activeMeasures(rows: AnalysisRow[], levels: { id: number; name: string }[], firstLevel: number | null, dayOf: ReturnType<typeof dayReader>) {
  const genders = [t.woman, t.man, t.notGiven];
  const bands = [...AGE_BANDS.map((b) => b.name), t.notGiven];
  const per = new Map(levels.map((l) => [l.id, { gender: new Map<string, number>(), age: new Map<string, number>() }]));
  for (const row of rows) {
    const g = genderOf(row) ?? t.notGiven;
    const a = ageBandOf(row, dayOf) ?? t.notGiven;
    for (const id of new Set(pathOf(row, firstLevel).map((p) => p.labelId))) {
      const cell = per.get(id);
      if (!cell) continue;
      cell.gender.set(g, (cell.gender.get(g) ?? 0) + 1);
      cell.age.set(a, (cell.age.get(a) ?? 0) + 1);
    }
  }
  return levels.map((l) => {
    const cell = per.get(l.id)!;
    return {
      labelId: l.id,
      name: l.name,
      gender: suppress(genders.map((group) => ({ group, count: cell.gender.get(group) ?? 0 }))),
      age: suppress(bands.map((group) => ({ group, count: cell.age.get(group) ?? 0 }))),
    };
  });
}

/** Turns the active-measures view on or off for the organisation (administrators). */
export async function setAnalysisSettings(deps: ServerDeps, containerId: number, activeMeasures: boolean) {
  await loadContainer(deps.store, containerId);
  await deps.store.collection<ContainerDoc>('containers').updateOne({ id: containerId }, { $set: { analysis: { activeMeasures } } });
  return { containerId, activeMeasures };
}

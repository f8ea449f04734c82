import sv from '../../schemas/messages/sv.json';
import type { ActionAnswer } from '../../schemas/generated/actions';
import type { TableSpec } from './ChartTable';

const t = sv.analysis;
type Analysis = ActionAnswer['get_analysis'];

const bar = (rows: { name: string; count: number }[], series: string, horizontal = false) => ({
  type: 'bar' as const,
  labels: rows.map((r) => r.name),
  values: rows.map((r) => r.count),
  series,
  horizontal,
});

/** The analysis answer as the page's figures, in the page's order: each a table, most with a chart. */
export function tablesOf(a: Analysis): TableSpec[] {
  const named = (file: string, title: string, head: string, rows: { name: string; count: number }[], note?: string): TableSpec => ({
    file,
    title,
    note,
    columns: [head, t.count],
    rows: rows.map((r) => [r.name, r.count]),
    chart: bar(rows, t.count, true),
  });
  const specs: TableSpec[] = [
    {
      file: 'ansokningar-over-tid',
      title: t.overTime,
      columns: [t.period, t.count],
      rows: a.overTime.map((r) => [r.period, r.count]),
      chart: { type: 'line', labels: a.overTime.map((r) => r.period), values: a.overTime.map((r) => r.count), series: t.count },
    },
    named('kalla', t.sourceTags, t.source, a.sourceTags),
    named('var-hittade-du-annonsen', t.heard, t.answer, a.heard),
    {
      file: 'processnivaer',
      title: t.levels,
      columns: [t.level, t.reached, t.current, t.share, t.medianDays],
      rows: a.levels.map((l) => [l.name, l.reached, l.current, l.share, l.medianDays ?? '']),
      chart: bar(
        a.levels.map((l) => ({ name: l.name, count: l.reached })),
        t.reached,
      ),
    },
    {
      file: 'tid-till-anstallning-och-avslag',
      title: t.times,
      columns: [t.measure, t.howMany, t.medianDaysShort],
      rows: [
        [t.toHire, a.times.hire.count, a.times.hire.medianDays ?? ''],
        [t.toReject, a.times.reject.count, a.times.reject.medianDays ?? ''],
      ],
    },
    named('status', t.interest, t.status, a.interest),
    named('avslag-per-processniva', t.rejectedAt, t.level, a.rejectedAt, t.rejectedAtNote),
    named('avhopp', t.funnel, t.stage, a.funnel, t.funnelNote),
  ];
  if (a.activeMeasures) {
    const first = a.activeMeasures[0];
    const groups = first ? [...first.gender.map((c) => `${t.gender}: ${c.group}`), ...first.age.map((c) => `${t.age}: ${c.group}`)] : [];
    specs.push({
      file: 'aktiva-atgarder',
      title: t.activeMeasures,
      note: t.activeMeasuresNote,
      columns: [t.level, ...groups],
      rows: a.activeMeasures.map((l) => [l.name, ...l.gender.map((c) => c.count), ...l.age.map((c) => c.count)]),
    });
  }
  return specs;
}

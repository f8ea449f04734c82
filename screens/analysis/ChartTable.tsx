import { lazy, Suspense, useId } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { csvText } from '../../engine/csv';
import { loadChunk } from '../chunks';
import { saveBlob } from '../shared/saveBlob';
import type { ChartSpec } from './Chart';

const t = sv.analysis;
const ChartView = lazy(() => loadChunk('Chart', () => import('./Chart')));

/** A table cell: a number, a text, or null for a suppressed count ('–', explained). */
export type Value = string | number | null;

export interface TableSpec {
  /** The file name of the download, without .csv. */
  file: string;
  title: string;
  note?: string;
  columns: string[];
  /** The first value of each row is its header. */
  rows: Value[][];
  chart?: ChartSpec;
}

const shown = (v: Value) => (v === null ? t.suppressed : typeof v === 'number' ? v.toLocaleString('sv-SE') : v);

/**
 * One figure of the analysis page: its chart (when it has one) and the same figures as a table
 * with a caption and header scopes, scrolling inside its own box on a narrow screen, and the
 * table as a CSV download.
 */
export function ChartTable({ spec }: { spec: TableSpec }) {
  const id = useId();
  const download = () => {
    const rows = [spec.columns, ...spec.rows.map((r) => r.map((v) => (v === null ? t.suppressed : v)))];
    saveBlob(new Blob([csvText(rows)], { type: 'text/csv;charset=utf-8' }), `${spec.file}.csv`);
  };
  return (
    <section className="ana-figure" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{spec.title}</h2>
      {spec.note && <p className="ana-note">{spec.note}</p>}
      {spec.chart && spec.rows.length > 0 && (
        <Suspense fallback={<p role="status">{t.chartLoading}</p>}>
          <ChartView spec={spec.chart} title={spec.title} />
        </Suspense>
      )}
      <div className="ana-table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}-c`}>
        <table className="ana-table">
          <caption id={`${id}-c`}>{spec.title}</caption>
          <thead>
            <tr>
              {spec.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {spec.rows.map((r, i) => (
              <tr key={i}>
                {r.map((v, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {shown(v)}
                    </th>
                  ) : (
                    <td key={j}>{v === null ? <abbr title={t.suppressedLabel}>{t.suppressed}</abbr> : shown(v)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="adm-button adm-button-small" onClick={download}>
        {fill(t.downloadCsv, { name: spec.title.toLocaleLowerCase('sv') })}
      </button>
    </section>
  );
}

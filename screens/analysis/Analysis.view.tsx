import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { viewCall } from '../runner/viewCall';
import { useContainer, useSession } from '../runner/session/session';
import { useLoad } from '../shared/useLoad';
import { Failure } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { useToast } from '../shared/toast';
import { ChartTable } from './ChartTable';
import { tablesOf } from './tables';
import './analysis.css';

const t = sv.analysis;
const call = viewCall('Analysis');

interface Query {
  positionId?: number;
  from?: string;
  to?: string;
}

/**
 * The analysis page's view block (schemas/screens/analysis.json, position-analysis.json):
 * the organisation's figures, or one position's (the route's :id, or the picker), between two
 * days. Each figure is a chart with its table and CSV; administrators turn the active-measures
 * view on or off here.
 */
export default function Analysis(_: ViewProps) {
  const container = useContainer();
  const { rights } = useSession();
  const toast = useToast();
  const route = useParams();
  const fixed = route.id ? Number(route.id) : undefined;
  const [query, setQuery] = useState<Query>({});
  const positionId = fixed ?? query.positionId;
  const data = useLoad(
    () =>
      call('get_analysis', {
        containerId: container.id,
        ...(positionId ? { positionId } : {}),
        ...(query.from ? { from: query.from } : {}),
        ...(query.to ? { to: query.to } : {}),
      }),
    JSON.stringify([container.id, positionId, query.from, query.to]),
  );
  const positions = useLoad(() => (fixed ? Promise.resolve([]) : call('get_positions', { containerId: container.id })), `${container.id}:${fixed ?? ''}`);

  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '') || undefined;
    const picked = Number(f.get('positionId') ?? 0);
    setQuery({ positionId: picked > 0 ? picked : undefined, from: text('from'), to: text('to') });
  }

  async function toggle(on: boolean) {
    try {
      await call('update_analysisSettings', { containerId: container.id, activeMeasures: on });
      toast.show(t.activeMeasuresSaved, 'success');
      data.reload();
    } catch {
      toast.show(sv.screens.error, 'error');
    }
  }

  const a = data.data;
  return (
    <div className="ana-page">
      <p>{t.intro}</p>
      <form className="ana-controls" onSubmit={apply}>
        {!fixed && (
          <label>
            {t.scopeLabel}
            <select name="positionId" defaultValue="">
              <option value="">{t.wholeOrganisation}</option>
              {(positions.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {t.from}
          <input type="date" name="from" />
        </label>
        <label>
          {t.to}
          <input type="date" name="to" />
        </label>
        <button type="submit" className="adm-button">
          {t.show}
        </button>
      </form>
      {rights.admin && a && (
        <p>
          <label>
            <input type="checkbox" checked={a.activeMeasuresOn} onChange={(e) => void toggle(e.currentTarget.checked)} /> {t.activeMeasuresOn}
          </label>
        </p>
      )}
      {data.loading && (
        <p role="status" className="scr-loading">
          {t.loading}
        </p>
      )}
      {!data.loading && data.error !== undefined && <Failure message={t.failed} onRetry={data.reload} />}
      {a && !data.loading && (
        <>
          {a.positionName && <h2>{a.positionName}</h2>}
          <p role="status">{fill(t.total, { count: a.total.toLocaleString('sv-SE') })}</p>
          {a.total === 0 && <p>{t.empty}</p>}
          {tablesOf(a).map((spec) => (
            <ChartTable key={spec.file} spec={spec} />
          ))}
          {!a.activeMeasuresOn && <p>{t.activeMeasuresOff}</p>}
        </>
      )}
    </div>
  );
}

import { useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { dispatch } from '../api';
import { useLoad } from '../shared/useLoad';
import { Failure } from '../runner/states';
import { useToast } from '../shared/toast';
import type { Skill } from './types';

const t = sv.skills;

/** Attach and detach skills on a chosen position (add_skillPosition / delete_skillPosition). */
export function PositionSkills({ containerId, skills }: { containerId: number; skills: Skill[] }) {
  const positions = useLoad(() => dispatch('get_positions', { containerId }), String(containerId));
  const [positionId, setPositionId] = useState(0);
  const [pick, setPick] = useState(0);
  const toast = useToast();
  const attached = useLoad(async () => (positionId ? await dispatch('get_skillPositions', { containerId, positionId }) : []), String(positionId));

  async function change(action: 'add_skillPosition' | 'delete_skillPosition', skillId: number) {
    try {
      await dispatch(action, { containerId, positionId, skillId });
      toast.show(sv.toast.saved, 'success');
      attached.reload();
    } catch {
      toast.show(t.error, 'error');
    }
  }

  if (positions.error !== undefined && !positions.data) return <Failure onRetry={positions.reload} />;
  const free = skills.filter((s) => !attached.data?.some((a) => a.id === s.id));
  return (
    <div className="odin-form">
      <div className="odin-field">
        <label htmlFor="ps-position">{t.position}</label>
        <select id="ps-position" value={positionId} onChange={(e) => setPositionId(Number(e.target.value))}>
          <option value={0}>{t.choose}</option>
          {positions.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {positionId > 0 && attached.data && (
        <>
          {attached.data.length === 0 ? (
            <p>{t.noneAttached}</p>
          ) : (
            <ul>
              {attached.data.map((s) => (
                <li key={s.id}>
                  {s.name}{' '}
                  <button type="button" className="adm-button adm-button-small" onClick={() => change('delete_skillPosition', s.id)}>
                    {fill(t.detach, { name: s.name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {free.length > 0 && (
            <p className="adm-actions">
              <label htmlFor="ps-skill" className="adm-visually-hidden">
                {t.skills}
              </label>
              <select id="ps-skill" value={pick} onChange={(e) => setPick(Number(e.target.value))}>
                <option value={0}>{t.choose}</option>
                {free.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
              <button type="button" className="adm-button" disabled={!pick} onClick={() => (change('add_skillPosition', pick), setPick(0))}>
                {t.attach}
              </button>
            </p>
          )}
        </>
      )}
    </div>
  );
}

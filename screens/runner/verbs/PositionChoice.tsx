import type { SelectHTMLAttributes } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { dispatch } from '../../api';
import { useLoad } from '../../shared/useLoad';
import { useSession } from '../session/session';

const t = sv.screenVerbs;

/**
 * A dialog field of format 'position': a choice among the organisation's open positions by
 * name (get_positions), its value the position's id; '' until one is chosen. While they load,
 * or when none is open, the empty choice says so.
 */
export function PositionChoice({ value, onChange, ...field }: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & { value: unknown; onChange(id: number | ''): void }) {
  const { container } = useSession();
  const containerId = container?.id;
  const positions = useLoad(() => (containerId ? dispatch('get_positions', { containerId }) : Promise.resolve([])), String(containerId ?? ''));
  const open = (positions.data ?? []).filter((p) => p.status === 'Öppen');
  const empty = positions.loading ? t.positionsLoading : positions.error !== undefined ? t.positionsFailed : open.length ? t.positionChoose : t.positionsNone;
  return (
    <select {...field} value={typeof value === 'number' ? String(value) : ''} aria-busy={positions.loading || undefined} onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}>
      <option value="">{empty}</option>
      {open.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </select>
  );
}

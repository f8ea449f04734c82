import type { SelectHTMLAttributes } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { dispatch } from '../../api';
import { useLoad } from '../../shared/useLoad';
import { useContainer } from '../session/session';

const t = sv.screenVerbs;

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: unknown;
  onChange(id: number | ''): void;
  /** Which positions are offered: the open ones (an invitation to apply), or every one, a closed or archived one named with its status (a legal hold). */
  among?: 'open' | 'all';
  /** On a page rather than in a dialog: a failed load asks for a reload, not for the dialog to be closed. */
  onPage?: boolean;
};

/**
 * A choice of one of the organisation's positions by name (get_positions), its value the
 * position's id; '' until one is chosen. While they load, or when there is none to offer, the
 * empty choice says so. A dialog field of format 'position' (DialogForm) and a form field of
 * the 'position' widget (LightForm, widgets.tsx).
 */
export function PositionChoice({ value, onChange, among = 'open', onPage = false, ...field }: Props) {
  const { id: containerId } = useContainer();
  const positions = useLoad(() => dispatch('get_positions', { containerId }), String(containerId));
  const offered = (positions.data ?? []).filter((p) => among === 'all' || p.status === 'Öppen');
  const none = among === 'all' ? t.positionsNoneAll : t.positionsNone;
  const empty = positions.loading ? t.positionsLoading : positions.error !== undefined ? (onPage ? t.positionsFailedPage : t.positionsFailed) : offered.length ? t.positionChoose : none;
  return (
    <select {...field} value={typeof value === 'number' ? String(value) : ''} aria-busy={positions.loading || undefined} onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}>
      <option value="">{empty}</option>
      {offered.map((p) => (
        <option key={p.id} value={p.id}>
          {p.status === 'Öppen' ? p.name : fill(t.positionWithStatus, { name: p.name, status: p.status })}
        </option>
      ))}
    </select>
  );
}

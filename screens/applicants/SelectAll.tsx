import sv from '../../schemas/messages/sv.json';
import { call } from './call';
import { useToast } from '../shared/toast';
import { useBusy } from '../shared/useBusy';
import type { ApplicantQuery } from './query';

/**
 * 'Välj alla': selects everyone under the current filter — the ids come from the server
 * (get_applicantIdsByFilter), not from the rows loaded so far. Unchecking clears the selection.
 */
export function SelectAll(props: {
  positionId: number;
  query: ApplicantQuery;
  total: number | null;
  selection: ReadonlySet<number>;
  onSelect(ids: ReadonlySet<number>): void;
}) {
  const { positionId, query, total, selection, onSelect } = props;
  const toast = useToast();
  const { busy, run } = useBusy();
  const all = total !== null && total > 0 && selection.size >= total;

  async function change(on: boolean) {
    if (!on) return onSelect(new Set());
    try {
      onSelect(new Set((await run(() => call('get_applicantIdsByFilter', { positionId, ...query }))).ids));
    } catch {
      toast.show(sv.applicants.error, 'error');
    }
  }

  return (
    <label className="apl-select-all">
      <input type="checkbox" checked={all} disabled={busy || !total} onChange={(e) => void change(e.currentTarget.checked)} /> {sv.applicants.bulk.selectAll}
    </label>
  );
}

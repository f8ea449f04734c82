import sv from '../../schemas/messages/sv.json';
import type { Organisation } from './useOrganisation';

/** Shown only when the candidate applied to more than one organisation. */
export function OrgPicker({ list, id, choose }: { list: Organisation[]; id: number; choose(id: number): void }) {
  if (list.length < 2) return null;
  return (
    <p>
      <label htmlFor="cand-org">{sv.candidate.choose}</label>{' '}
      <select id="cand-org" value={id} onChange={(e) => choose(Number(e.target.value))}>
        {list.map((o) => (
          <option key={o.id} value={o.id}>
            {o.displayName}
          </option>
        ))}
      </select>
    </p>
  );
}

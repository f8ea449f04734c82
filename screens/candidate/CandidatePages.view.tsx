import { useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { formatStockholmDate } from '../../engine/dates';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { OrgPicker } from './OrgPicker';
import { AnswerSkills } from '../skills/AnswerSkills';
import { CandidateNav, useCandidate } from './useCandidate';
import { candidateGate } from './CandidateGate';
import { useOrganisation } from './useOrganisation';
import { useLoad } from '../shared/useLoad';
import { Failure, Loading } from '../runner/states';
import { viewCall } from '../runner/viewCall';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';

const t = sv.candidate;
const call = viewCall('CandidatePages');

type Item = ActionAnswer['get_applicantPositions'][number];

/**
 * /admin/minasidor: the candidate's applications in an organisation, with status, and withdrawal
 * (a view block of schemas/screens/minasidor.json, under its heading): the sign-in gate, the
 * organisation picker and the answers to each position's skills are the candidate's own code.
 */
export default function CandidatePages() {
  const { user, setToken } = useCandidate();
  const org = useOrganisation(!!user);
  const apps = useLoad(async (): Promise<Item[]> => (user && org.id ? await call('get_applicantPositions', { containerId: org.id, email: user.sub }) : []), `${user?.sub}:${org.id}`);
  const { confirm, dialog } = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const gate = candidateGate({ user, setToken }, org.list.error);
  if (gate || !user) return gate;

  async function withdraw(a: Item) {
    if (!(await confirm({ message: fill(t.confirmWithdraw, { name: a.position.name }), confirmLabel: t.withdraw, danger: true }))) return;
    setBusy(true);
    try {
      await call('delete_myApplication', { id: a.id });
      toast.show(t.withdrawn, 'success');
      apps.reload();
    } catch {
      toast.show(t.error, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <CandidateNav user={user} onLogout={() => setToken(null)} />
      {org.list.loading && !org.list.data && <Loading />}
      {org.list.error !== undefined && <Failure onRetry={org.list.reload} />}
      {org.list.data?.length === 0 && <p>{fill(t.noOrganisations, { email: user.sub })}</p>}
      {org.list.data && <OrgPicker list={org.list.data} id={org.id} choose={org.choose} />}
      {org.id > 0 && apps.loading && !apps.data && <Loading />}
      {apps.error !== undefined && <Failure onRetry={apps.reload} />}
      {apps.data && apps.data.length > 0 && (
        <table className="adm-table" aria-label={t.applications}>
          <thead>
            <tr>
              <th scope="col">{t.position}</th>
              <th scope="col">{t.applied}</th>
              <th scope="col">{t.status}</th>
              <th scope="col">
                <span className="adm-visually-hidden">{t.withdraw}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {apps.data.map((a) => (
              <tr key={a.id}>
                <td>{a.position.name}</td>
                <td className="bk-date">{formatStockholmDate(a.created)}</td>
                <td>{a.labels.find((l) => l.labelType === 'Process')?.name ?? t.statusUnknown}</td>
                <td>
                  <button type="button" className="adm-button adm-button-small" disabled={busy} onClick={() => withdraw(a)} aria-label={fill(t.withdrawNamed, { name: a.position.name })}>
                    {t.withdraw}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {apps.data?.map((a) => <AnswerSkills key={a.id} applicantId={a.id} containerId={org.id} title={a.position.name} />)}
      {dialog}
    </>
  );
}

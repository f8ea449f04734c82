import { useEffect, useRef, useState } from 'react';
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
import { MeritRequest } from './MeritRequest';
import { ApplicationTasks } from './ApplicationTasks';
import { BusyButton } from '../shared/BusyButton';

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
  // What the last withdrawal did, said on the page (not only in a toast): the card is gone.
  const [withdrawn, setWithdrawn] = useState('');
  const notice = useRef<HTMLParagraphElement>(null);
  // The button pressed goes with its card once the list is loaded again: focus goes to what happened.
  useEffect(() => {
    if (withdrawn && !apps.loading) notice.current?.focus();
  }, [withdrawn, apps.loading]);

  const gate = candidateGate({ user, setToken }, org.list.error);
  if (gate || !user) return gate;

  async function withdraw(a: Item) {
    if (!(await confirm({ message: fill(t.confirmWithdraw, { name: a.position.name }), confirmLabel: t.withdraw, danger: true }))) return;
    setBusy(true);
    try {
      await call('delete_myApplication', { id: a.id });
      setWithdrawn(fill(t.withdrawnDetail, { name: a.position.name, org: org.current?.displayName ?? '' }));
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
      {withdrawn && (
        <p ref={notice} tabIndex={-1} role="status" className="cand-notice">
          {withdrawn}
        </p>
      )}
      {apps.data?.length === 0 && org.current && <p>{fill(t.noApplications, { org: org.current.displayName })}</p>}
      {apps.data && apps.data.length > 0 && (
        <ul className="cand-apps" aria-label={t.applications}>
          {apps.data.map((a) => (
            <li key={a.id} className="cand-app">
              <h2>{a.position.name}</h2>
              <dl>
                <dt>{t.applied}</dt>
                <dd className="bk-date">{formatStockholmDate(a.created)}</dd>
                <dt>{t.status}</dt>
                <dd>{a.labels.find((l) => l.labelType === 'Process')?.name ?? t.statusUnknown}</dd>
              </dl>
              <p className="cand-app-actions">
                <BusyButton type="button" className="adm-button" busy={busy} onClick={() => withdraw(a)} aria-label={fill(t.withdrawNamed, { name: a.position.name })}>
                  {t.withdraw}
                </BusyButton>
                <MeritRequest id={a.id} position={a.position.name} status={a.labels.find((l) => l.labelType === 'Process')?.name} confirm={confirm} />
              </p>
              <ApplicationTasks id={a.id} position={a.position.name} company={org.current?.displayName ?? ''} confirm={confirm} />
              <AnswerSkills applicantId={a.id} containerId={org.id} title={a.position.name} />
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </>
  );
}

import { useCallback, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { ApplicantRows } from '../../../screens/applicants/ApplicantRows';
import type { Label } from '../../../screens/applicants/types';
import { useApplicants } from '../../../screens/applicants/useApplicants';
import '../../../screens/applicants/applicants.css';
import { installHarness } from './harness';

declare global {
  interface Window {
    __benchLabels?: Label[];
  }
}

/** Ours: the position page's list — useApplicants (key paging, batches of 30) and ApplicantRows. */
function List() {
  const positionId = window.__benchPosition ?? 1;
  const list = useApplicants(positionId, useMemo(() => ({}), []));
  const labels = useMemo(() => new Map((window.__benchLabels ?? []).map((l) => [l.id, l])), []);
  const [selection] = useState<ReadonlySet<number>>(() => new Set());
  const onToggle = useCallback(() => undefined, []);
  return <ApplicantRows list={list} positionId={positionId} selection={selection} selectable labels={labels} onToggle={onToggle} />;
}

localStorage.setItem('blankett.token', window.__benchToken ?? '');
createRoot(document.getElementById('root') as HTMLElement).render(
  <MemoryRouter>
    <List />
  </MemoryRouter>,
);
installHarness('ul[aria-label="Sökande"] > li');

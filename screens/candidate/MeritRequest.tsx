import { useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { ApiError } from '../api';
import { viewCall } from '../runner/viewCall';
import type { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import { BusyButton } from '../shared/BusyButton';

const t = sv.candidate;
const call = viewCall('CandidatePages');
/** The Process level of the person who got the job (server/domain/applicants/merits.ts). */
const HIRED = 'anställd';

/**
 * 'Begär uppgift om meriter' on Mina sidor (issue 28 item 6, diskrimineringslagen 2 kap. 4 §):
 * for an application that was not hired, a confirmation, then create_meritRequest and a toast;
 * the organisation answers by mail. Nothing for a hired application.
 */
export function MeritRequest({ id, position, status, confirm }: { id: number; position: string; status: string | undefined; confirm: ReturnType<typeof useConfirm>['confirm'] }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (status?.trim().toLocaleLowerCase('sv') === HIRED) return null;
  async function request() {
    if (!(await confirm({ message: fill(t.confirmMerits, { name: position }), confirmLabel: t.requestMerits }))) return;
    setBusy(true);
    try {
      await call('create_meritRequest', { id });
      toast.show(fill(t.meritsRequested, { name: position }), 'success');
    } catch (err) {
      toast.show(err instanceof ApiError && !err.isNetwork && err.status < 500 ? err.message : t.error, 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <BusyButton type="button" className="adm-button" busy={busy} onClick={() => void request()} aria-label={fill(t.requestMeritsNamed, { name: position })}>
      {t.requestMerits}
    </BusyButton>
  );
}

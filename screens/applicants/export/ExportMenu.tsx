import { useRef, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { dispatch } from '../../api';
import { useSession } from '../../runner/session/session';
import { DeferredTrigger, deferredPart } from '../../shared/deferred';
import { useToast } from '../../shared/toast';
import { downloadExport, type ExportTicket } from './download';
import '../../shared/dialog.css';
import './export.css';

const t = sv.exports;

// The menu (react-aria-components) loads when the button is first pointed at, focused or pressed.
const menu = deferredPart('ExportMenu', async () => (await import('./ExportMenuAria')).default);

/** Props of the export menu on the position page. */
export interface ExportMenuProps {
  containerId: number;
  positionId: number;
  /**
   * The list's current filter and sort, the fields get_applicantPositionByPosition takes besides
   * positionId and after (labelId, processLabelId, filter, answers, driverLicenceAndCar,
   * appliedPositionIds, sort): report.csv holds exactly the applicants under it.
   */
  filter: Record<string, unknown>;
  /** The selected application ids: the PDF holds these, one applicant per page. */
  selectedIds: number[];
}

type State = { kind: 'idle' } | { kind: 'busy'; done: number; total: number | null } | { kind: 'error'; message: string; retry: () => void };

/**
 * 'Exportera' menu: report.csv of everyone under the current filter, or a PDF of the selected
 * applicants (the menu itself: ExportMenuAria.tsx, loaded when first used). The file streams from the server while a progress bar counts the rows; errors
 * show with a retry.
 */
export function ExportMenu({ containerId, positionId, filter, selectedIds }: ExportMenuProps) {
  const { handleError } = useSession();
  const toast = useToast();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  async function run(kind: 'csv' | 'pdf') {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'busy', done: 0, total: null });
    try {
      const ticket: ExportTicket =
        kind === 'csv'
          ? await dispatch('create_applicantsExport', { ...filter, containerId, positionId })
          : await dispatch('create_ApplicantPDFExport', { positionId, items: selectedIds as [number, ...number[]] });
      if (ticket.total === 0) {
        setState({ kind: 'idle' });
        toast.show(t.empty, 'error');
        return;
      }
      setState({ kind: 'busy', done: 0, total: kind === 'csv' ? ticket.total : null });
      await downloadExport(
        ticket,
        // The first line of the CSV is its header.
        (rows) => kind === 'csv' && setState({ kind: 'busy', done: Math.min(Math.max(rows - 1, 0), ticket.total), total: ticket.total }),
        controller.signal,
      );
      setState({ kind: 'idle' });
      toast.show(fill(t.done, { file: ticket.filename }), 'success');
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      setState({ kind: 'error', message: handleError(err), retry: () => void run(kind) });
    }
  }

  const busy = state.kind === 'busy';
  return (
    <div className="exp-menu">
      <DeferredTrigger part={menu} props={{ busy, selected: selectedIds.length, onExport: (kind: 'csv' | 'pdf') => void run(kind) }} button={{ className: 'bk-btn', 'aria-haspopup': 'true', disabled: busy }} menu>
        {t.menu}
      </DeferredTrigger>
      <div aria-live="polite" className="exp-status">
        {state.kind === 'busy' && (
          <>
            <progress
              className="exp-progress"
              aria-label={t.menu}
              {...(state.total ? { value: state.done, max: state.total } : {})}
            />
            <span>{state.total ? fill(t.progress, { done: state.done, total: state.total }) : t.preparing}</span>
          </>
        )}
        {state.kind === 'error' && (
          <span className="exp-error" role="alert">
            {state.message}{' '}
            <button type="button" className="bk-btn" onClick={state.retry}>
              {sv.mail.retry}
            </button>
          </span>
        )}
      </div>
    </div>
  );
}

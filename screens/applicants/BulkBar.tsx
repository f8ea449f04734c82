import { useId, useRef, useState } from 'react';
import { useBusy } from '../shared/useBusy';
import { LabelSelect } from './LabelSelect';
import sv from '../../schemas/messages/sv.json';
import { ApiError } from '../api';
import { call } from './call';
import { useToast } from '../shared/toast';
import type { Label } from './types';
import { fill } from '../../engine/fill';
import { BusyButton } from '../shared/BusyButton';

const t = sv.applicants.bulk;

/**
 * Bulk actions on the selection: move to an Interest label ('Flytta till status'; each
 * applicant keeps exactly one), set the Process level, or offer interview times. One call each; when the server
 * refuses (e.g. a colleague deleted one of them) nothing changed and its message is shown.
 */
export function BulkBar(props: {
  selected: number[];
  interest: Label[];
  process: Label[];
  /** After a call: what moved (absent when the server refused and the list should just reload). */
  onDone(done?: { labelId: number; ids: number[]; labelType: 'Interest' | 'Process' }): void;
  /** 'Erbjud intervjutider' to the selection (the list draws the form). */
  onOfferTimes?(): void;
}) {
  const { selected, interest, process, onDone, onOfferTimes } = props;
  const id = useId();
  const toast = useToast();
  const [status, setStatus] = useState<number>(interest[0]?.id ?? 0);
  const [level, setLevel] = useState<number>(process[0]?.id ?? 0);
  const { busy, run: running } = useBusy();
  const bar = useRef<HTMLDivElement>(null);

  async function run(action: 'update_jobApplicationStatus' | 'update_jobApplicationProcess', labelId: number, button: HTMLButtonElement) {
    if (busy || !selected.length || !labelId) return;
    try {
      await running(() => call(action, { labelId, ids: selected }));
      toast.show(fill(t.moved, { count: String(selected.length) }), 'success');
      onDone({ labelId, ids: selected, labelType: action === 'update_jobApplicationStatus' ? 'Interest' : 'Process' });
    } catch (err) {
      toast.show(err instanceof ApiError && err.status !== 0 && err.status !== 500 ? err.message : sv.applicants.error, 'error');
      // The list may have changed under us (deleted applicants): show it as it is now.
      if (err instanceof ApiError && err.status === 404) onDone();
    } finally {
      // The keyboard stays in the list (issue 26): the buttons are only aria-disabled while the
      // move runs (a disabled button drops the focus to the page), and should the focus be lost
      // anyway it comes back to the button or the bar. A template offer takes it from there.
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active && active !== document.body) return;
        (button.isConnected ? button : bar.current)?.focus();
      });
    }
  }

  if (selected.length === 0) return null;
  return (
    <div ref={bar} className="apl-bulk" role="group" aria-label={t.group} tabIndex={-1}>
      <p aria-live="polite">{fill(t.count, { count: String(selected.length) })}</p>
      <LabelSelect id={`${id}-s`} label={t.status} labels={interest} value={status} onChange={setStatus} />
      <BusyButton type="button" className="adm-button adm-button-primary" busy={busy} onClick={(e) => void run('update_jobApplicationStatus', status, e.currentTarget)}>
        {t.move}
      </BusyButton>
      {process.length > 0 && (
        <>
          <LabelSelect id={`${id}-p`} label={t.process} labels={process} value={level} onChange={setLevel} />
          <BusyButton type="button" className="adm-button" busy={busy} onClick={(e) => void run('update_jobApplicationProcess', level, e.currentTarget)}>
            {t.setProcess}
          </BusyButton>
        </>
      )}
      {onOfferTimes && (
        <button type="button" className="adm-button" onClick={onOfferTimes}>
          {t.offerTimes}
        </button>
      )}
    </div>
  );
}

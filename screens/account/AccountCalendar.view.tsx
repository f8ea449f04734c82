import { useCallback, useEffect, useId, useRef, useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { formatStockholmDate } from '../../engine/dates';
import { fill } from '../../engine/fill';
import { dispatch } from '../api';
import { Failure, Loading } from '../runner/states';
import { useConfirm } from '../shared/ConfirmDialog';
import { useAttempt } from './useAttempt';
import './account.css';
import { BusyButton } from '../shared/BusyButton';

const t = sv.interviews.feed;
type Feed = ActionAnswer['get_myCalendarFeed'];

/**
 * The caller's private calendar subscription of their booked interviews
 * (schemas/screens/account-calendar.json): the link is shown once, when made, with a copy
 * button; names of applicants on or off; 'Skapa ny länk' (the old one stops at once) and 'Ta
 * bort'. A refusal is said at the section (role=alert); what was done, in a status line.
 */
export default function AccountCalendar() {
  const id = useId();
  const [feed, setFeed] = useState<Feed | null>(null);
  const [failed, setFailed] = useState(false);
  const [names, setNames] = useState(false);
  const { busy, error, run: attempt } = useAttempt();
  const [status, setStatus] = useState('');
  const { confirm, dialog } = useConfirm();
  // The keyboard stays put: buttons are only aria-disabled while a call runs, and the focus goes
  // to the new link when one is made and to 'Skapa länk' when it is removed.
  const urlInput = useRef<HTMLInputElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const focusSoon = (el: { current: HTMLElement | null }) => requestAnimationFrame(() => el.current?.focus());

  const show = (f: Feed) => {
    setFeed(f);
    setNames(f.showNames);
  };
  const load = useCallback(() => {
    setFailed(false);
    dispatch('get_myCalendarFeed', {}).then(show, () => setFailed(true));
  }, []);
  useEffect(load, [load]);

  // What was done goes to the status line; a refusal to `error` (useAttempt).
  const run = async (work: () => Promise<string | void>) => {
    if (busy) return;
    setStatus('');
    await attempt(async () => setStatus((await work()) ?? ''));
  };
  const renew = () =>
    void run(async () => {
      show(await dispatch('renew_myCalendarFeed', { showNames: names }));
      focusSoon(urlInput);
    });
  const toggleNames = (on: boolean) => {
    if (busy) return;
    // Before a link exists the choice goes with 'Skapa länk'.
    if (!feed?.active) return setNames(on);
    void run(async () => {
      const f = await dispatch('update_myCalendarFeed', { showNames: on });
      // The link just made stays on screen (get/update never answer it again).
      show({ ...f, url: feed.url });
      return f.showNames ? t.namesOn : t.namesOff;
    });
  };
  const remove = () =>
    void run(async () => {
      if (!(await confirm({ message: t.confirmRemove, confirmLabel: t.remove, danger: true }))) return;
      show(await dispatch('delete_myCalendarFeed', {}));
      focusSoon(createButton);
      return t.removed;
    });
  const copy = (url: string) =>
    void run(async () => {
      try {
        await navigator.clipboard.writeText(url);
        return t.copied;
      } catch {
        return t.copyFailed;
      }
    });

  if (failed) return <Failure onRetry={load} />;
  if (!feed) return <Loading />;
  return (
    <div className="mfa-account">
      <p>{t.intro}</p>
      <p>{t.privacy}</p>
      <section aria-label={sv.shell.userMenu.calendar}>
        {!feed.active && <p>{t.none}</p>}
        {feed.active && !feed.url && feed.created !== null && <p>{fill(t.since, { date: formatStockholmDate(feed.created) })}</p>}
        {feed.url && (
          <>
            <p>{t.showOnce}</p>
            <p>
              <label htmlFor={`${id}-url`}>{t.urlLabel}</label>
              <br />
              <input id={`${id}-url`} readOnly value={feed.url} size={60} spellCheck={false} onFocus={(e) => e.target.select()} ref={urlInput} className="cal-url" />{' '}
              <button type="button" className="adm-button" onClick={() => copy(feed.url!)}>
                {t.copy}
              </button>
            </p>
          </>
        )}
        <p>
          <label>
            <input type="checkbox" role="switch" checked={names} aria-disabled={busy || undefined} aria-describedby={`${id}-names`} onChange={(e) => toggleNames(e.target.checked)} /> {t.names}
          </label>
          <br />
          <small id={`${id}-names`}>{t.namesHint}</small>
        </p>
        <p>
          <BusyButton ref={createButton} type="button" className="adm-button adm-button-primary" busy={busy} aria-describedby={feed.active ? `${id}-renew` : undefined} onClick={renew}>
            {feed.active ? t.renew : t.create}
          </BusyButton>{' '}
          {feed.active && (
            <BusyButton type="button" className="adm-button" busy={busy} onClick={remove}>
              {t.remove}
            </BusyButton>
          )}
        </p>
        {feed.active && <p id={`${id}-renew`}><small>{t.renewHint}</small></p>}
      </section>
      {error && (
        <p role="alert" className="adm-error">
          {error}
        </p>
      )}
      <p role="status">{status}</p>
      {dialog}
    </div>
  );
}

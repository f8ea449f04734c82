import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { formatNotificationTime } from '../../engine/dates';
import { fill } from '../../engine/fill';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import { notificationTarget, truncateMessage, type AppNotification } from './notifications';
import { useNotifications, type NotificationsState } from './useNotifications';

const t = sv.shell.bell;

function BellIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/** Where a click on the notification goes: through /admin/notifications/:id (write) or straight to the target. */
function hrefOf(n: AppNotification, canEdit: boolean): string | null {
  if (n.local) return null;
  const target = notificationTarget(n);
  if (!target) return null;
  return canEdit ? `/admin/notifications/${n.id}` : target;
}

function Item({ n, state, now, onOpen }: { n: AppNotification; state: NotificationsState; now: Date; onOpen(): void }) {
  const { show } = useToast();
  const time = formatNotificationTime(n.timestamp, now);
  const name = `${n.title} ${time}`;
  const href = hrefOf(n, state.canEdit);
  const editable = state.canEdit || n.local;
  const run = (p: Promise<void>) => p.catch((err: Error) => show(err.message || t.failed, 'error'));
  const isError = n.type === 'error' || n.type === 'Exception';
  return (
    <li className={`sh-note${n.read ? '' : ' sh-note-unread'}${isError ? ' sh-note-error' : ''}`}>
      {/* Read and unread are the user's own (issue 17): a reader marks them too. */}
      <button
        type="button"
        className="sh-dot"
        aria-pressed={!n.read}
        aria-label={fill(n.read ? t.markUnread : t.markRead, { title: name })}
        onClick={() => run(state.setRead(n, !n.read))}
      >
        <span className="sh-dot-mark" aria-hidden="true" />
      </button>
      <div className="sh-note-body">
        <p className="sh-note-title">
          {href ? (
            <Link to={href} onClick={onOpen}>
              {n.title}
            </Link>
          ) : (
            n.title
          )}
          {!n.read && <span className="bk-visually-hidden"> ({t.unread})</span>}
        </p>
        <p className="sh-note-message" title={n.message.length > 71 ? n.message : undefined}>
          {truncateMessage(n.message)}
        </p>
        <p className="sh-note-meta">
          <time className="bk-date" dateTime={new Date(n.timestamp * 1000).toISOString()}>
            {time}
          </time>
          {!href && !n.local && <span className="sh-note-nolink">{t.missingLink}</span>}
        </p>
      </div>
      {editable && (
        <button type="button" className="sh-icon-button sh-note-delete" aria-label={fill(t.delete, { title: name })} onClick={() => run(state.remove(n))}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}

/** The list inside the bell's popover: loading, error with retry, empty, or the notifications. */
function NotificationList({ state, onOpen }: { state: NotificationsState; onOpen(): void }) {
  const { confirm, dialog } = useConfirm();
  const { show } = useToast();
  const now = new Date();
  if (state.status === 'loading' && state.items.length === 0) {
    return (
      <p role="status" className="sh-note-state">
        {t.loading}
      </p>
    );
  }
  if (state.status === 'error' && state.items.length === 0) {
    return (
      <div role="alert" className="sh-note-state">
        <p>{t.error}</p>
        <button type="button" className="bk-btn" onClick={state.reload}>
          {t.retry}
        </button>
      </div>
    );
  }
  return (
    <>
      {state.items.length === 0 ? (
        <p className="sh-note-state">{t.empty}</p>
      ) : (
        <ul className="sh-notes" aria-label={t.list}>
          {state.items.map((n) => (
            <Item key={n.id} n={n} state={state} now={now} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {state.canEdit && state.items.some((n) => !n.local) && (
        <div className="sh-notes-foot">
          <button
            type="button"
            className="bk-btn"
            onClick={async () => {
              if (await confirm({ message: t.confirmClear, confirmLabel: t.clearAll, danger: true })) {
                state.clearAll().catch((err: Error) => show(err.message || t.failed, 'error'));
              }
            }}
          >
            {t.clearAll}
          </button>
        </div>
      )}
      {dialog}
    </>
  );
}

/** The notification bell (docs/contracts.md "Admin shell"): 'Notifikationer, N olästa', a popover list named 'Notifikationer'. */
export function Bell() {
  const state = useNotifications();
  const [open, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button className="sh-icon-button sh-bell" aria-label={fill(t.button, { n: String(state.unread) })}>
        <BellIcon />
        {state.unread > 0 && (
          <span className="sh-badge" aria-hidden="true">
            {state.unread > 99 ? '99+' : state.unread}
          </span>
        )}
      </Button>
      <Popover placement="bottom end" className="sh-popover sh-bell-popover" offset={6}>
        <Dialog aria-label={t.list} className="sh-popover-dialog">
          <NotificationList state={state} onOpen={() => setOpen(false)} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

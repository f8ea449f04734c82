import { useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { formatNotificationTime } from '../../engine/dates';
import { fill } from '../../engine/fill';
import { useConfirm } from '../shared/ConfirmDialog';
import { useFirstUse, type FirstUse } from '../shared/deferred';
import { useToast } from '../shared/toast';
import { notificationTarget, truncateMessage, type AppNotification } from './notifications';
import type { NotificationsState } from './useNotifications';

const t = sv.shell.bell;

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

/**
 * The bell's react-aria part (loaded when the bell is first used, Bell.tsx): the button and its
 * popover list named 'Notifikationer'. `children` is the button's face, drawn by Bell.
 */
export default function BellPopover({ state, first, children }: { state: NotificationsState; first?: FirstUse; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useFirstUse(first, button, () => setOpen(true));
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button ref={button} className="sh-icon-button sh-bell" aria-label={fill(t.button, { n: String(state.unread) })}>
        {children}
      </Button>
      <Popover placement="bottom end" className="sh-popover sh-bell-popover" offset={6}>
        <Dialog aria-label={t.list} className="sh-popover-dialog">
          <NotificationList state={state} onOpen={() => setOpen(false)} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

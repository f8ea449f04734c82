import { useCallback, useEffect, useRef, useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { ApiError, dispatch, getToken } from '../api';
import { useSession } from '../runner/session/session';
import { validUser } from '../runner/session/token';
import { fromHubEvent, mergeNotifications, type AppNotification } from './notifications';
import { connectHub, hubUrl } from './realtime';

const t = sv.shell.bell;
/** How many the bell keeps; the unread count is counted among them. */
const TAKE = 100;

export interface NotificationsState {
  items: AppNotification[];
  unread: number;
  status: 'loading' | 'ready' | 'error';
  /** May delete and clear (the actions need write). Read and unread are each person's own: anyone may toggle them. */
  canEdit: boolean;
  reload(): void;
  setRead(n: AppNotification, read: boolean): Promise<void>;
  remove(n: AppNotification): Promise<void>;
  clearAll(): Promise<void>;
}

let localIds = 0;

/**
 * The bell's data: the container's notifications (get_notifications), kept live over the
 * hub and caught up after every reconnect. Which notifications reach whom (the user's
 * preferences) the server decides. A 401 anywhere logs out (→ /login).
 */
export function useNotifications(): NotificationsState {
  const { container, user, rights, handleError } = useSession();
  const containerId = container?.id;
  const [items, setItems] = useState<AppNotification[]>([]);
  const [status, setStatus] = useState<NotificationsState['status']>('loading');
  const live = useRef(true);

  const load = useCallback(
    async (quiet: boolean) => {
      if (!containerId) return;
      if (!quiet) setStatus('loading');
      try {
        const answer = await dispatch('get_notifications', { containerId, take: TAKE });
        if (!live.current) return;
        // Keep this browser's Exception notices; the server's list replaces the rest.
        setItems((cur) => mergeNotifications(cur.filter((n) => n.local), answer.items ?? []));
        setStatus('ready');
      } catch (err) {
        if (!live.current) return;
        handleError(err);
        // A quiet catch-up that fails (still offline) leaves the list as it was.
        if (!quiet) setStatus('error');
      }
    },
    [containerId, handleError],
  );

  useEffect(() => {
    live.current = true;
    void load(false);
    return () => {
      live.current = false;
    };
  }, [load]);

  useEffect(() => {
    const token = getToken();
    if (!containerId || !user || !token || typeof WebSocket === 'undefined') return;
    const client = connectHub(
      { url: hubUrl(token), containerId },
      {
        onNotification(event) {
          const n = fromHubEvent(event);
          if (n) setItems((cur) => mergeNotifications(cur, [n]));
        },
        onException(message) {
          const n: AppNotification = {
            id: --localIds,
            type: 'error',
            title: t.errorTitle,
            message: message || t.failed,
            timestamp: Math.floor(Date.now() / 1000),
            read: false,
            local: true,
          };
          setItems((cur) => mergeNotifications(cur, [n]));
        },
        onReconnected: () => void load(true),
        // A revoked session (password changed elsewhere, logout) shows as a 401 here. Not at
        // once: our own password change closes this socket just before its answer brings the
        // fresh token, and asking with the old one in between would log this session out.
        onLost: () => {
          setTimeout(() => {
            if (getToken() === token) void load(true);
          }, 1500);
        },
        canReconnect: () => validUser(getToken()) !== null,
      },
    );
    const online = () => client.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      client.close();
    };
    // `user` changes with a fresh token (password change): reconnect with it.
  }, [containerId, user, load]);

  const patch = useCallback((id: number, change: Partial<AppNotification> | null) => {
    setItems((cur) => (change ? cur.map((n) => (n.id === id ? { ...n, ...change } : n)) : cur.filter((n) => n.id !== id)));
  }, []);

  const act = useCallback(
    async (run: () => Promise<unknown>, undo: () => void) => {
      try {
        await run();
      } catch (err) {
        undo();
        if (err instanceof ApiError && err.status === 404) return void load(true);
        throw new Error(handleError(err));
      }
    },
    [handleError, load],
  );

  return {
    items,
    unread: items.filter((n) => !n.read).length,
    status,
    canEdit: rights.write,
    reload: () => void load(false),
    async setRead(n, read) {
      patch(n.id, { read });
      if (n.local || !containerId) return;
      await act(() => dispatch('update_NotificationRead', { containerId, id: n.id, read }), () => patch(n.id, { read: n.read }));
    },
    async remove(n) {
      patch(n.id, null);
      if (n.local || !containerId) return;
      await act(() => dispatch('delete_NotificationById', { containerId, id: n.id }), () => setItems((cur) => mergeNotifications(cur, [n])));
    },
    async clearAll() {
      const before = items;
      setItems([]);
      if (!containerId) return;
      await act(() => dispatch('delete_NotificationByContainerId', { containerId }), () => setItems(before));
    },
  };
}

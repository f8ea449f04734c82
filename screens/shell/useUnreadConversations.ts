import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { dispatch } from '../api';
import { useSession } from '../runner/session/session';

/**
 * How many of the organisation's conversations hold messages from the applicant that staff
 * have not read (get_MessagingChannels, `unreadStaff`), for 'Meddelanden' in the sidebar.
 * Asked again on every page change (opening a conversation reads it) and when the window
 * gets focus back; a new message also rings the bell. Null until known or without access.
 */
export function useUnreadConversations(): number | null {
  const { container, rights } = useSession();
  const { pathname } = useLocation();
  const [unread, setUnread] = useState<number | null>(null);
  const [focus, setFocus] = useState(0);
  const containerId = container?.id;
  const staff = rights.odin || (container?.myPermissions?.length ?? 0) > 0;

  useEffect(() => {
    const again = () => setFocus((n) => n + 1);
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, []);

  useEffect(() => {
    if (containerId === undefined || !staff) return setUnread(null);
    let live = true;
    dispatch('get_MessagingChannels', { containerId }).then(
      (list) => live && setUnread(Array.isArray(list) ? list.filter((c) => c.unreadStaff > 0).length : null),
      () => live && setUnread(null),
    );
    return () => {
      live = false;
    };
  }, [containerId, staff, pathname, focus]);
  return unread;
}

import { useEffect, useState } from 'react';
import { publicGet } from '../api';
import type { HostRules } from './hostRules';
import { usePreloaded } from './ssr';
import type { PublicContainer } from './types';
import sv from '../../schemas/messages/sv.json';

const s = sv.public;

/**
 * Resolves the organisation of an organisation host by name. A failure is only logged
 * (spec document 2 §8: 'Error loading public container') and the site goes on without it.
 * On a server-rendered page the server's answer is the first state.
 */
export function useHostContainer(rules: HostRules): PublicContainer | null | 'loading' {
  const name = rules.routeSet === 'organisation' ? rules.containerName : undefined;
  const pre = usePreloaded<PublicContainer>(name ? `/api/public/containers/${encodeURIComponent(name)}` : null);
  const [state, setState] = useState<PublicContainer | null | 'loading'>(() => {
    if (!name) return null;
    if (!pre) return 'loading';
    return pre.status === 200 && typeof (pre.data as PublicContainer | null)?.id === 'number' ? pre.data : null;
  });
  const [preloaded] = useState(pre !== null);
  useEffect(() => {
    if (!name) return;
    if (preloaded) {
      if (state === null) console.error(s.loadContainerError);
      return;
    }
    let live = true;
    publicGet<PublicContainer>(`/api/public/containers/${encodeURIComponent(name)}`).then(
      (c) => live && setState(c && typeof c.id === 'number' ? c : null),
      () => {
        console.error(s.loadContainerError);
        if (live) setState(null);
      },
    );
    return () => {
      live = false;
    };
    // Resolved once per page load: the host does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name]);
  return state;
}

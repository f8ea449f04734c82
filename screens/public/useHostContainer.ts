import { useEffect, useState } from 'react';
import { publicGet } from '../api';
import type { HostRules } from './hostRules';
import { s } from './text';
import type { PublicContainer } from './types';

/**
 * Resolves the organisation of an organisation host by name. A failure is only logged
 * (spec document 2 §8: 'Error loading public container') and the site goes on without it.
 */
export function useHostContainer(rules: HostRules): PublicContainer | null | 'loading' {
  const name = rules.routeSet === 'organisation' ? rules.containerName : undefined;
  const [state, setState] = useState<PublicContainer | null | 'loading'>(name ? 'loading' : null);
  useEffect(() => {
    if (!name) return;
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
  }, [name]);
  return state;
}

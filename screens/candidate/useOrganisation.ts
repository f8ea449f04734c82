import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { dispatch } from '../api';
import { useLoad } from '../shared/useLoad';

export interface Organisation {
  id: number;
  name: string;
  displayName: string;
}

/**
 * The organisations the candidate applied to, and the one chosen: `?org=<id>` (the
 * confirmation mail's 'Se din ansökan' link) when it is one of them, else the first.
 */
export function useOrganisation(enabled: boolean) {
  const list = useLoad(async () => (enabled ? ((await dispatch('get_myContainers', {})) as Organisation[]) : []), String(enabled));
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState(0);
  const asked = Number(params.get('org'));
  const fromLink = list.data?.some((o) => o.id === asked) ? asked : 0;
  const id = chosen || fromLink || list.data?.[0]?.id || 0;
  return { list, id, choose: setChosen };
}

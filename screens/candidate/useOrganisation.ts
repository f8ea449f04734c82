import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { dispatch } from '../api';
import { useLoad } from '../shared/useLoad';

export type Organisation = ActionAnswer['get_myContainers'][number];

/**
 * The organisations the candidate applied to, and the one chosen: `?org=<id>` (the
 * confirmation mail's 'Se din ansökan' link) when it is one of them, else the first.
 */
export function useOrganisation(enabled: boolean) {
  const list = useLoad(async () => (enabled ? await dispatch('get_myContainers', {}) : []), String(enabled));
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState(0);
  const asked = Number(params.get('org'));
  const fromLink = list.data?.some((o) => o.id === asked) ? asked : 0;
  const id = chosen || fromLink || list.data?.[0]?.id || 0;
  return { list, id, choose: setChosen };
}

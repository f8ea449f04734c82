import { useState } from 'react';
import { dispatch } from '../api';
import { useLoad } from '../odin/useLoad';

export interface Organisation {
  id: number;
  name: string;
  displayName: string;
}

/** The organisations the candidate applied to, and the one chosen (the first when only one). */
export function useOrganisation(enabled: boolean) {
  const list = useLoad(async () => (enabled ? ((await dispatch('get_myContainers', {})) as Organisation[]) : []), String(enabled));
  const [chosen, setChosen] = useState(0);
  const id = chosen || list.data?.[0]?.id || 0;
  return { list, id, choose: setChosen };
}

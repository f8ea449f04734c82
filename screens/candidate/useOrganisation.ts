import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { dispatch, publicGet } from '../api';
import { useLoad } from '../shared/useLoad';
import { useShowEmployer } from '../runner/candidateBrand';
import { themeVariables } from '../public/theme';
import type { PublicContainer } from '../public/types';

export type Organisation = ActionAnswer['get_myContainers'][number];

/**
 * The organisations the candidate applied to, and the one chosen: `?org=<id>` (the
 * confirmation mail's 'Se din ansökan' link) when it is one of them, else the first. The
 * candidate frame's header shows the chosen employer (its public name, logo and colours).
 */
export function useOrganisation(enabled: boolean) {
  const list = useLoad(async () => (enabled ? await dispatch('get_myContainers', {}) : []), String(enabled));
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState(0);
  const asked = Number(params.get('org'));
  const fromLink = list.data?.some((o) => o.id === asked) ? asked : 0;
  const id = chosen || fromLink || list.data?.[0]?.id || 0;
  const current = list.data?.find((o) => o.id === id);
  useEmployerBrand(current);
  return { list, id, current, choose: setChosen };
}

/** The employer's public profile and theme (what its own site shows), as the candidate frame's brand. */
function useEmployerBrand(org: Organisation | undefined): void {
  const name = org?.name ?? '';
  const pub = useLoad(async () => (name ? await publicGet<PublicContainer | null>(`/api/public/containers/${encodeURIComponent(name)}`).catch(() => null) : null), name);
  const c = pub.data;
  const vars = c ? themeVariables(c.theme) : null;
  useShowEmployer(
    org && vars
      ? { name: c?.displayName ?? org.displayName, logo: c?.profile?.logo, background: vars['--pub-button-bg']!, text: vars['--pub-button-text']! }
      : org
        ? { name: org.displayName, background: '', text: '' }
        : null,
  );
}

import { createContext, useContext } from 'react';
import type { HostRules } from './hostRules';
import type { PublicContainer } from './types';

export interface PublicSite {
  rules: HostRules;
  /** The organisation of an organisation host: loading, resolved, or failed/absent (null). */
  hostContainer: PublicContainer | null | 'loading';
  /** Lets a position page lend its organisation's theme and contact details to the layout. */
  setPageContainer(c: PublicContainer | null): void;
}

export const PublicSiteContext = createContext<PublicSite | null>(null);

export function usePublicSite(): PublicSite {
  const site = useContext(PublicSiteContext);
  if (!site) throw new Error('usePublicSite must be used inside PublicApp (PublicSiteContext provider missing)');
  return site;
}

/** The host's organisation when it is resolved, else null. */
export function useResolvedHostContainer(): PublicContainer | null {
  const { hostContainer } = usePublicSite();
  return hostContainer === 'loading' ? null : hostContainer;
}

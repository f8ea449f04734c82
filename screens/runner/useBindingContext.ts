import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useSession } from './session/session';
import type { BindingContext } from './bindings';

/** The bindings every screen has: {route.x}, {query.x}, {session.containerId}, {session.email}, {session.name} (given name, else email), {session.company} (the organisation's display name). */
export function useBindingContext(): BindingContext {
  const route = useParams();
  const [search] = useSearchParams();
  const { container, user } = useSession();
  const name = user?.given_name || user?.sub;
  const company = container?.displayName || container?.name;
  const query = search.toString();
  const routeKey = JSON.stringify(route);
  return useMemo(
    () => ({
      route: JSON.parse(routeKey) as Record<string, string>,
      query: Object.fromEntries(new URLSearchParams(query)),
      session: { containerId: container?.id, email: user?.sub, name, company },
    }),
    [routeKey, query, container?.id, user?.sub, name, company],
  );
}

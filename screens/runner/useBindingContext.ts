import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useSession } from '../admin/session';
import type { BindingContext } from './bindings';

/** The bindings every screen has: {route.x}, {query.x}, {session.containerId}, {session.email}. */
export function useBindingContext(): BindingContext {
  const route = useParams();
  const [search] = useSearchParams();
  const { container, user } = useSession();
  const query = search.toString();
  const routeKey = JSON.stringify(route);
  return useMemo(
    () => ({
      route: JSON.parse(routeKey) as Record<string, string>,
      query: Object.fromEntries(new URLSearchParams(query)),
      session: { containerId: container?.id, email: user?.sub },
    }),
    [routeKey, query, container?.id, user?.sub],
  );
}

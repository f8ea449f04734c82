import { lazy, type ComponentType } from 'react';

/**
 * React.lazy with a preload: once `preload()` has resolved, the component renders at once
 * (its factory hands React a thenable that is already settled, so nothing suspends). The
 * hydrating page preloads the chunks the server's HTML needs (screens/main.tsx), so React
 * hydrates it in one pass instead of leaving suspended parts for later tasks.
 */
export function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: { default: ComponentType<P> } | null = null;
  const preload = () =>
    load().then((m) => {
      loaded = m;
      return m;
    });
  const settled = (m: { default: ComponentType<P> }) => ({ then: (ok: (value: { default: ComponentType<P> }) => void) => ok(m) }) as unknown as Promise<{ default: ComponentType<P> }>;
  const Component = lazy(() => (loaded ? settled(loaded) : preload()));
  return { Component, preload };
}

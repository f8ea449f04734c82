import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ViewProps } from './types';

/** Every screens/views/<View>.tsx, each its own lazily loaded chunk (docs/screens.md "Views"). */
const modules = import.meta.glob<{ default: ComponentType<ViewProps> }>('../views/*.tsx');

const loaders = new Map(Object.entries(modules).map(([path, load]) => [path.replace(/^.*\/|\.tsx$/g, ''), load]));
const cache = new Map<string, LazyExoticComponent<ComponentType<ViewProps>>>();

/** The lazy component of a view, one per name (so two screens of one view keep its state). */
export function viewComponent(name: string): LazyExoticComponent<ComponentType<ViewProps>> | null {
  const load = loaders.get(name);
  if (!load) return null;
  let c = cache.get(name);
  if (!c) {
    c = lazy(load);
    cache.set(name, c);
  }
  return c;
}

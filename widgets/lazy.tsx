/**
 * Widgets that load on demand (screens/public/on-demand-widgets.browser.ts): a stand-in with the widget's id,
 * kind and chrome whose Entry and View are React.lazy over the real definition, each in its own
 * Suspense boundary, so a form without such a field never fetches its code, and a field that
 * appears later (a condition, a step) delays only itself, never the form around it. The server
 * draws the real widget in the same boundary (`inBoundary`), so a hydrating page keeps the
 * server's HTML of such a field until its code has arrived and then hydrates it.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { ContainerWidgetDefinition, FieldWidgetDefinition, WidgetDefinition } from '../engine/react/widget-api';

function bounded<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    );
  };
}

function suspended<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy<ComponentType<P>>(async () => ({ default: await load() }));
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/** The real widget drawn in the boundary its stand-in has (the server's half of the pair). */
export function inBoundary(widget: WidgetDefinition): WidgetDefinition {
  if (widget.kind === 'container') return { ...widget, Entry: bounded(widget.Entry), View: bounded(widget.View) };
  return { ...widget, Entry: bounded(widget.Entry), ...(widget.View ? { View: bounded(widget.View) } : {}) };
}

/**
 * A field widget whose code loads the first time a form draws it. `hasView` says whether the
 * real one has a View (without one the engine shows the answer as text, with no load).
 */
export function onDemandField<V>(id: string, chrome: FieldWidgetDefinition['chrome'], hasView: boolean, load: () => Promise<FieldWidgetDefinition<V>>): FieldWidgetDefinition<V> {
  const view = async () => {
    const { View } = await load();
    if (!View) throw new Error(`widget '${id}' has no View`);
    return View;
  };
  const entry = suspended(async () => (await load()).Entry);
  return hasView ? { id, kind: 'field', chrome, Entry: entry, View: suspended(view) } : { id, kind: 'field', chrome, Entry: entry };
}

/** A container widget whose code loads the first time a form draws it. */
export function onDemandContainer(id: string, load: () => Promise<ContainerWidgetDefinition>): ContainerWidgetDefinition {
  return { id, kind: 'container', Entry: suspended(async () => (await load()).Entry), View: suspended(async () => (await load()).View) };
}

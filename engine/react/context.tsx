/*
 * The form engine's React context, without the ajv-based defaults (FormEngineProvider.tsx adds
 * those): the public apply page renders precompiled forms through this and never loads ajv.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { CompileFn } from './contract';
import type { WidgetDefinition } from './widget-api';

/** What the provider holds: how templates compile (with which field-type catalogue) and which widgets render them. */
export interface FormEngine {
  compile: CompileFn;
  /** The field-type registry the compile function was built with (for the builder's editors). */
  fieldTypes: unknown;
  widgets: ReadonlyMap<string, WidgetDefinition>;
  /**
   * Applied to the HTML of labels and messages before it is rendered (Html.tsx): the one
   * sanitiser (engine/sanitize.ts) where forms compile in the browser; the identity on the
   * public page, whose forms and messages the server compiled and sanitised
   * (precompiledEngine.ts), so that page bundles no sanitiser.
   */
  sanitizeHtml(html: string): string;
}

/** Builds a form engine from all its parts; a widget id given twice is a programming error and says which. */
export function assembleFormEngine(parts: {
  compile: CompileFn;
  fieldTypes?: unknown;
  widgets: readonly WidgetDefinition[];
  sanitizeHtml(html: string): string;
}): FormEngine {
  const map = new Map<string, WidgetDefinition>();
  for (const widget of parts.widgets) {
    if (map.has(widget.id)) throw new Error(`createFormEngine: widget '${widget.id}' is registered twice`);
    map.set(widget.id, widget);
  }
  return { compile: parts.compile, fieldTypes: parts.fieldTypes ?? null, widgets: map, sanitizeHtml: parts.sanitizeHtml };
}

/** A copy of `engine` with more widgets (later ones replace earlier ones with the same id). */
export function withWidgets(engine: FormEngine, widgets: readonly WidgetDefinition[]): FormEngine {
  const map = new Map(engine.widgets);
  for (const widget of widgets) map.set(widget.id, widget);
  return { ...engine, widgets: map };
}

const EngineContext = createContext<FormEngine | null>(null);

export function FormEngineProvider({ engine, children }: { engine: FormEngine; children: ReactNode }) {
  return <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>;
}

/** The engine of the nearest FormEngineProvider, or null (for components that bring a default). */
export function useOptionalFormEngine(): FormEngine | null {
  return useContext(EngineContext);
}

export function useFormEngine(): FormEngine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useFormEngine must be used inside <FormEngineProvider>; wrap the form in one.');
  return engine;
}

/** The widget registered under `id`; an unknown id names the widget and the field that asked for it. */
export function useWidget(id: string, fieldKey: string): WidgetDefinition {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useWidget must be used inside <FormEngineProvider>; wrap the form in one.');
  const widget = engine.widgets.get(id);
  if (!widget) throw new Error(`No widget '${id}' is registered (field '${fieldKey}')`);
  return widget;
}

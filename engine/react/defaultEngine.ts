import type { FormEngine } from './context';

/*
 * The engine never imports the widgets (widgets import the engine): the built-in widget set
 * registers itself here (widgets/register.ts), as docs/architecture.md says widgets are registered with
 * the engine. Screens that render forms import widgets/register once.
 */
let make: (() => FormEngine) | undefined;
let engine: FormEngine | undefined;

/** Sets the engine an ApplicationForm without a FormEngineProvider uses (created on first use). */
export function registerDefaultFormEngine(factory: () => FormEngine): void {
  make = factory;
  engine = undefined;
}

/** The registered built-in engine; an error naming the fix when nothing registered one. */
export function defaultFormEngine(): FormEngine {
  if (!make) throw new Error('No form engine: import widgets/register (the built-in widgets) or wrap the form in <FormEngineProvider>.');
  return (engine ??= make());
}

import { compileTemplate } from '../index';
import { builtInWidgets } from '../../widgets';
import { createFormEngine, type FormEngine } from './FormEngineProvider';

let engine: FormEngine | undefined;

/** The engine with the catalogue under schemas/ and every built-in widget; created once. */
export function defaultFormEngine(): FormEngine {
  engine ??= createFormEngine({ compile: compileTemplate, widgets: builtInWidgets });
  return engine;
}

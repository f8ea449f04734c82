/**
 * The built-in widgets on the engine for precompiled forms (engine/react/precompiledEngine.ts):
 * what the public apply page renders with, without the compiler and ajv that widgets/register.ts
 * brings for the admin pages. Widgets few forms use load on demand in the browser
 * (screens/public/on-demand-widgets.browser.ts): a form without them never fetches their code.
 */
import type { FormEngine } from '../engine/react/context';
import { createPrecompiledFormEngine } from '../engine/react/precompiledEngine';
// Straight from the widgets' files, not ./index (which imports the on-demand ones statically).
import { checkboxWidget } from './checkbox/Checkbox';
import { checkboxGroupWidget } from './checkboxGroup/CheckboxGroup';
import { fileWidget } from './file/FileUpload';
import { onDemandWidgets } from './on-demand';
import { radioGroupWidget } from './radioGroup/RadioGroup';
import { emailWidget, textareaWidget, textWidget } from './text/TextInput';

let engine: FormEngine | undefined;

export function publicFormEngine(): FormEngine {
  engine ??= createPrecompiledFormEngine([textWidget, textareaWidget, emailWidget, checkboxWidget, checkboxGroupWidget, radioGroupWidget, fileWidget, ...onDemandWidgets]);
  return engine;
}

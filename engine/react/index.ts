/** React bindings of the form engine (docs/contracts.md "React entry points"). */
export { ApplicationForm, type ApplicationFormProps } from './ApplicationForm';
export {
  FormEngineProvider,
  createFormEngine,
  withWidgets,
  useFormEngine,
  useWidget,
  type FormEngine,
  type FormEngineOptions,
} from './FormEngineProvider';
export { defaultFormEngine } from './defaultEngine';
export { TextOrHtml } from './Html';
export type * from './widget-api';
export type { CompiledForm, CompileFn, LayoutNode, FieldUiOptions, ChoiceOption } from './contract';

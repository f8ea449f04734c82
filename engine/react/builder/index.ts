/** The form builder's React component (the engine's edit mode). */
export { FormBuilder, type FormBuilderProps } from './FormBuilder';
export { SaveConflict, type SaveOptions } from './useAutosave';

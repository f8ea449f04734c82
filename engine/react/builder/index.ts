/** The form builder's React component (the engine's edit mode). */
export { FormBuilder, type FormBuilderProps } from './FormBuilder';
export { SaveConflict, type SaveOptions, type SaveStatus } from './useAutosave';
export { DRAG_ANIMATION_MS } from './SortableList';

/**
 * What a widget is to the engine. Widgets live in widgets/<name>/ and import only this file
 * and the small presentational helpers (chrome.tsx, Html.tsx, messages.ts), never the form.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Answers, ChoiceOption, FieldUiOptions, LayoutNode } from './contract';

export type DisplayMode = 'entry' | 'view' | 'edit';

/** Props of a widget that edits one answer. */
export interface FieldWidgetProps<V = unknown> {
  /** Id of the widget's focusable control; the form's label points at it. */
  id: string;
  fieldKey: string;
  value: V | undefined;
  onChange(value: V | undefined): void;
  onBlur(): void;
  /** An answer on its way (a file being read): a send waits for it before it judges the answers. */
  onWork(work: Promise<unknown>): void;
  disabled: boolean;
  required: boolean;
  label: string;
  isHtml: boolean;
  placeholder?: string;
  data: unknown;
  options: FieldUiOptions;
  choices: ChoiceOption[];
  /** The answer's JSON Schema (e.g. maxLength). */
  schema: Record<string, unknown>;
  invalid: boolean;
  /** Ids to put in aria-describedby (errors), or undefined. */
  describedBy?: string;
}

/** Props of a widget's read-only presentation (view mode). */
export interface FieldViewProps<V = unknown> {
  id: string;
  fieldKey: string;
  value: V | undefined;
  options: FieldUiOptions;
  choices: ChoiceOption[];
}

/** Props of a container (group-like, valueless) widget; children are its children's fields. */
export interface ContainerWidgetProps {
  id: string;
  node: LayoutNode;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
  errors: ReactNode;
  children: ReactNode;
}

export interface ContainerViewProps {
  id: string;
  node: LayoutNode;
  answers: Answers;
}

/**
 * A field widget. `chrome: 'label'` means the form draws a `<label for={id}>` above it;
 * `'self'` means the widget labels itself (checkbox, radio group: label beside or legend).
 */
export interface FieldWidgetDefinition<V = any> {
  id: string;
  kind: 'field';
  chrome: 'label' | 'self';
  Entry: ComponentType<FieldWidgetProps<V>>;
  /** Read-only presentation; without it the value is shown as text. */
  View?: ComponentType<FieldViewProps<V>>;
}

export interface ContainerWidgetDefinition {
  id: string;
  kind: 'container';
  Entry: ComponentType<ContainerWidgetProps>;
  View: ComponentType<ContainerViewProps>;
}

export type WidgetDefinition = FieldWidgetDefinition | ContainerWidgetDefinition;

/** True when a value counts as "nothing answered" for the view fallback. */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

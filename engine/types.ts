import type { FieldCondition } from '../schemas/generated/entities';

/**
 * Core types of the form engine. These are the contracts every part of Blankett shares
 * (see docs/field-types.md and docs/architecture.md).
 */

/** A validator attached to a field: `{ name, data }` as the spec stores it. */
export interface ValidatorRef {
  name: string;
  data?: unknown;
}

/** One form field (metadata property). Group-like fields hold their children's keys in `data`. */
export interface MetadataProperty {
  key: string;
  type: string;
  label?: string;
  placeholder?: string;
  required?: boolean;
  isHtml?: boolean;
  order?: number;
  data?: unknown;
  validators?: ValidatorRef[];
  /** Shown only while this holds (engine/conditions.ts); a hidden answer is dropped. */
  visibleWhen?: FieldCondition | null;
  /** The type's required rule applies only while this holds. */
  requiredWhen?: FieldCondition | null;
}

/** Anything with a form: a position template, a position, a test fixture. */
export interface FormTemplate {
  metadata: MetadataProperty[];
  /** Stable identity (template key or position id) used with `version` for the compile cache. */
  key?: string | number;
  version?: number;
}

export interface CompileContext {
  /** Per-container message overrides, by validator name; `#DATA#` is replaced by the validator's data. */
  messages?: Record<string, string>;
  /** Unix seconds, for minYearAtStart. */
  positionStart?: number;
  now?: Date;
}

export interface FieldError {
  key: string;
  validator: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: FieldError[];
}

/** The stored answers of an application: one entry per key (docs/architecture.md "How one answer travels"). */
export type Answers = Record<string, unknown>;

export interface PeriodValue {
  startDate: string;
  endDate: string;
  checked: boolean;
}

export interface AttachedFile {
  filename: string;
  type: string;
  url?: string;
  data?: string;
}

import type { MetadataProperty } from '../types';
import type { SourceKind } from '../conditions';

/**
 * The builder's view of a form: the flat metadata list plus the custom-key counter.
 * `nextKey` only grows, so a key removed in this session is never handed out again.
 */
export interface BuilderForm {
  metadata: MetadataProperty[];
  nextKey: number;
}

/**
 * What the builder needs to know about field types. The engine's field-type registry is
 * adapted to this (engine/builder/catalog.ts), so the pure operations stay testable with
 * any catalogue, including types added later as schema files.
 */
export interface BuilderCatalog {
  has(type: string): boolean;
  /** True when the type holds a list of child keys in `data` (group, radioGroup, periodGroup). */
  isGroup(type: string): boolean;
  /** The type of the children a group-like type holds (group → checkbox, …). */
  childType(type: string): string | undefined;
  /** The prefix of generated keys: the type's `keyPrefix` (form_text_, form_textarea_, …). */
  keyPrefix(type: string): string;
  /** A person field's fixed key (form_firstname, form_email, …): every field of the type has it. */
  fixedKey?(type: string): string | undefined;
  /** Initial values of a new field of this type (label, data, validators, …). */
  defaults(type: string, ctx: NewFieldContext): Partial<MetadataProperty>;
  /**
   * What conditional fields need to know of a type (engine/conditions.ts): what a rule can
   * read from its answer, whether it can be hidden or made required. Without it the builder
   * checks no rules.
   */
  conditionTraits?(type: string): { kind: SourceKind | null; canHide: boolean; canRequire: boolean };
}

export interface NewFieldContext {
  /** Today in Europe/Stockholm, `YYYY-MM-DD`: pure functions never read the clock. */
  today: string;
  /** 1-based position among siblings, for default labels like 'Alternativ 2'. */
  index: number;
}

export type BuilderErrorCode = 'maxMeritGroups' | 'unknownType' | 'unknownKey' | 'notAGroup' | 'keyTaken';

interface BuilderRefusal {
  ok: false;
  code: BuilderErrorCode;
  message: string;
}

interface BuilderSuccess {
  ok: true;
  form: BuilderForm;
  /** The key of the field that was added (or the field the operation acted on). */
  key: string;
}

export type BuilderResult = BuilderSuccess | BuilderRefusal;

/** A problem found in a form before it is saved, placed at a field (and a path inside it). */
export interface BuilderIssue {
  key: string;
  /** Where inside the field: 'label', 'key', 'data', 'data.startDate', 'validators.allowedYears', … */
  path: string;
  message: string;
}

import type { AnswerKind } from './answer-shape';

/** A field type as declared in schemas/field-types/<name>.json (see field-type-definition.json). */
export interface FieldTypeDefinition {
  name: string;
  title: string;
  description?: string;
  answer: Record<string, unknown> | null;
  /** What kind of answer the type holds (engine/answer-kinds.ts); absent: derived from `answer`. */
  answerKind?: AnswerKind;
  data: Record<string, unknown> | boolean;
  editor: Record<string, unknown>;
  validators: string[];
  widget: string;
  groupLike: boolean;
  childOnly: boolean;
  childTypes?: string[];
  keyPrefix: string;
  requiredValidator?: { name: string; data?: unknown };
  /** always: every field of the type is required (E-post); byDefault: a new one starts required (field-type-definition.json). */
  requiredness?: 'always' | 'byDefault';
  /** A person field's special key: every field of the type has it (field-type-definition.json). */
  fixedKey?: string;
  /** An address or contact answer, hidden under protected identity (field-type-definition.json). */
  contact?: boolean;
  /** Validators that always run on the type, whatever staff attach. */
  builtInValidators?: { name: string; data?: unknown }[];
  /** Autofill hints for the type's input. */
  autocomplete?: { autoComplete: string; inputMode?: 'tel' | 'numeric' | 'email' | 'url' | 'text' };
}

/** The keys of a field-type file only the builder and the registry read; the apply page's catalogue (schemas/generated/field-type-essentials.ts) leaves them out. */
export const BUILDER_ONLY_KEYS = ['$schema', '$id', 'description', 'data', 'editor'] as const;

/** A field type as the apply page and the answer kinds read it (engine/field-types.ts). */
export type FieldTypeEssentials = Omit<FieldTypeDefinition, (typeof BUILDER_ONLY_KEYS)[number]>;

/** A validator as declared in schemas/validators/<name>.json (see validator-definition.json). */
export interface ValidatorDefinition {
  name: string;
  title: string;
  level: 'value' | 'group';
  presence: 'always' | 'never' | 'whenPositive';
  data: Record<string, unknown> | boolean;
  appliesTo: string[];
  message: string;
  description: string;
}

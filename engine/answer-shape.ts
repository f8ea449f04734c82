/**
 * A field type's answer kind (`answerKind` in schemas/field-types/<type>.json): what kind of
 * value `answers[key]` holds, which decides how every part of Blankett outside the widgets
 * reads, shows, filters and fakes it (engine/answer-kinds.ts). Pure, no registry: the registry
 * checks declarations with it.
 */
export type AnswerKind = 'text' | 'email' | 'boolean' | 'choice' | 'period' | 'files' | 'image' | 'none';

type Schema = Record<string, unknown>;

/** The JSON shape a kind's answer has: the `type` its answer schema must give. */
const SHAPE: Record<AnswerKind, string | null> = {
  text: 'string',
  email: 'string',
  choice: 'string',
  image: 'string',
  boolean: 'boolean',
  period: 'object',
  files: 'array',
  none: null,
};

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The kind an answer schema says on its own; null when the kinds cannot place it. */
export function deriveAnswerKind(def: { answer: Schema | null; groupLike?: boolean; builtInValidators?: { name: string }[] }): AnswerKind | null {
  const a = def.answer;
  if (a === null) return 'none';
  if (!isSchema(a)) return null;
  if (a.type === 'boolean') return 'boolean';
  if (a.type === 'string') {
    if (def.groupLike) return 'choice';
    if (typeof a.pattern === 'string' && a.pattern.startsWith('^data:image/')) return 'image';
    if (a.format === 'email' || def.builtInValidators?.some((v) => v.name === 'validEmail')) return 'email';
    return 'text';
  }
  const props = isSchema(a.properties) ? a.properties : {};
  if (a.type === 'object' && isSchema(props.checked) && props.checked.type === 'boolean') return 'period';
  const items = isSchema(a.items) ? a.items : {};
  const itemProps = isSchema(items.properties) ? items.properties : {};
  if (a.type === 'array' && 'filename' in itemProps) return 'files';
  return null;
}

/**
 * The kind of a declaration: its `answerKind` when it has one and its answer schema has that
 * kind's shape, else what the answer schema says; null when neither places it.
 */
export function answerKindOfDefinition(def: { answerKind?: AnswerKind; answer: Schema | null; groupLike?: boolean; builtInValidators?: { name: string }[] }): AnswerKind | null {
  const declared = def.answerKind;
  if (declared === undefined) return deriveAnswerKind(def);
  const shape = SHAPE[declared];
  const given = def.answer === null ? null : isSchema(def.answer) ? def.answer.type : undefined;
  if (shape !== given) return null;
  if (declared === 'choice' && !def.groupLike) return null;
  return declared;
}

import { englishStringTranslator, TranslatableString, type ErrorSchema } from '@rjsf/utils';
import sv from '../../../schemas/messages/sv.json';

const r = sv.builder.rjsf;

const SWEDISH: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: r.item,
  [TranslatableString.EmptyArray]: r.emptyArray,
  [TranslatableString.YesLabel]: r.yes,
  [TranslatableString.NoLabel]: r.no,
  [TranslatableString.CloseLabel]: r.close,
  [TranslatableString.ErrorsLabel]: r.errors,
  [TranslatableString.AddButton]: r.add,
  [TranslatableString.AddItemButton]: r.add,
  [TranslatableString.CopyButton]: r.copy,
  [TranslatableString.MoveDownButton]: r.moveDown,
  [TranslatableString.MoveUpButton]: r.moveUp,
  [TranslatableString.RemoveButton]: r.remove,
  [TranslatableString.AriaDateLabel]: r.date,
  [TranslatableString.ClearButton]: r.clear,
  [TranslatableString.NowLabel]: r.now,
  [TranslatableString.ClearLabel]: r.clear,
};

/** RJSF's own button and label texts in Swedish (anything not listed falls back to English). */
export function translateSwedish(key: TranslatableString, params?: string[]): string {
  return SWEDISH[key] ?? englishStringTranslator(key, params);
}

/** Puts `message` at a dotted path ("periods.1.endDate") of an RJSF error schema. */
export function addError(schema: ErrorSchema, path: readonly (string | number)[], message: string): void {
  let node = schema as Record<string, unknown>;
  for (const part of path) {
    const k = String(part);
    node[k] ??= {};
    node = node[k] as Record<string, unknown>;
  }
  const list = (node.__errors as string[] | undefined) ?? [];
  if (!list.includes(message)) list.push(message);
  node.__errors = list;
}

/** Hides RJSF's submit button: the builder saves by itself. */
export const NO_SUBMIT = { 'ui:submitButtonOptions': { norender: true } } as const;

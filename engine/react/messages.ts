import sv from '../../schemas/messages/sv.json' with { type: 'json' };

/** The engine namespace of the Swedish texts. */
export const t = sv.engine;

/** Fills `{name}` placeholders of a Swedish text. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The public site's Swedish texts (schemas/messages/sv.json "public") and a placeholder filler. */
import sv from '../../schemas/messages/sv.json';

export const s = sv.public;

/** Replaces `{name}` placeholders; unknown ones are left as they are. */
export function fmt(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

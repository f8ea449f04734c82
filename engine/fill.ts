/**
 * The one filler for `{name}` placeholders: Swedish UI texts (`'{count} sökande'`) and the
 * merge fields of email templates (`'Hej {firstname}!'`). Every occurrence is replaced; a
 * placeholder without a value stays as written, so a typo is visible instead of vanishing.
 * Values are inserted as given: a caller filling HTML escapes them first.
 */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

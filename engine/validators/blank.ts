/** An answer left empty: absent, null or only whitespace (its own module, so a rule that needs only this loads no messages). */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

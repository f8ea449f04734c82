/**
 * CSV as Swedish Excel reads it, shared by the server's exports (server/domain/exports) and the
 * analysis page's table downloads: UTF-8 with BOM, `;` between fields, and no cell a
 * spreadsheet would run as a formula.
 */

/**
 * A spreadsheet program runs a cell that starts with = + - @ as a formula (CSV injection);
 * such text gets a leading apostrophe. Plain numbers and phone numbers (+46 70…) stay.
 */
export function cell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^[+-]?[\d\s().-]+$/.test(text) ? `'${text}` : text;
}

const quoted = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A small table as one CSV text (headers first): each value neutralised by `cell`, quoted where needed. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return '\uFEFF' + rows.map((r) => r.map((v) => quoted(cell(String(v)))).join(';')).join('\r\n') + '\r\n';
}

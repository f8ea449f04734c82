/** Types of imports.js (plain JS, which the ESLint config loads without a build). */
export interface ImportOf {
  spec: string;
  typeOnly: boolean;
  dynamic: boolean;
}
export function importsOf(source: string): ImportOf[];
export function fileOf(from: string, spec: string): string | null;

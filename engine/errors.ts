/** One problem in a template or a catalogue: which key (or file) and what is wrong. */
export interface Issue {
  key: string;
  problem: string;
  /** For a refused condition (engine/conditions.ts): which problem, and which rule of the field. */
  code?: string;
  path?: string;
}

/** Thrown by compileTemplate when a template cannot be compiled; `issues` lists every problem found. */
export class TemplateError extends Error {
  readonly issues: Issue[];
  constructor(issues: Issue[]) {
    super(`Invalid template: ${issues.map((i) => `${i.key || '(template)'}: ${i.problem}`).join('; ')}`);
    this.name = 'TemplateError';
    this.issues = issues;
  }
}

/** Thrown by createRegistry when a field-type or validator declaration is unusable. */
export class CatalogueError extends Error {
  readonly issues: Issue[];
  constructor(issues: Issue[]) {
    super(`Invalid catalogue: ${issues.map((i) => `${i.key}: ${i.problem}`).join('; ')}`);
    this.name = 'CatalogueError';
    this.issues = issues;
  }
}

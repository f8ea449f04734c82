import sv from '../schemas/messages/sv.json' with { type: 'json' };
import { fill } from './fill';

/** One problem in a template or a catalogue: which key (or file), which problem (`code`) and, in Swedish, what is wrong. */
export interface Issue {
  key: string;
  problem: string;
  /** Which problem: a key of sv.engine.problems (a form), sv.engine.catalogue (a declaration) or sv.conditions (a rule). */
  code?: string;
  /** For a refused condition (engine/conditions.ts): which rule of the field. */
  path?: string;
}

export type TemplateProblem = keyof typeof sv.engine.problems;
export type CatalogueProblem = keyof typeof sv.engine.catalogue;

/** A problem of a form's field, in Swedish, with its code. */
export function templateIssue(key: string, code: TemplateProblem, values: Record<string, string | number> = {}): Issue {
  return { key, code, problem: fill(sv.engine.problems[code], values) };
}

/** A problem of a field-type or validator declaration, in Swedish, with its code. */
export function catalogueIssue(key: string, code: CatalogueProblem, values: Record<string, string | number> = {}): Issue {
  return { key, code, problem: fill(sv.engine.catalogue[code], values) };
}

/** A list of names as Swedish text ('inga' when empty). */
export const namesOf = (names: readonly string[], joiner = ', '): string => names.join(joiner) || sv.engine.problems.none;

/** Thrown by compileTemplate when a template cannot be compiled; `issues` lists every problem found. */
export class TemplateError extends Error {
  readonly issues: Issue[];
  /** `detail`: what a library said (for logs only; the issues are what a person reads). */
  constructor(issues: Issue[], detail?: string) {
    super(`Invalid template: ${issues.map((i) => `${i.key || '(template)'}: ${i.problem}`).join('; ')}${detail ? ` (${detail})` : ''}`);
    this.name = 'TemplateError';
    this.issues = issues;
  }
}

/**
 * Thrown by createRegistry when a field-type or validator declaration is unusable. Its message
 * (what the server prints when it refuses to start) lists each problem on a line of its own.
 */
export class CatalogueError extends Error {
  readonly issues: Issue[];
  constructor(issues: Issue[]) {
    super(fill(sv.engine.catalogueRefused, { issues: issues.map((i) => `\n- ${i.key}: ${i.problem}`).join('') }));
    this.name = 'CatalogueError';
    this.issues = issues;
  }
}

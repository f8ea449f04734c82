import type { GroupChild } from './types';

/**
 * A group child counts as selected when its yes/no is true or its period is checked (the
 * answer's shape says which: engine/answer-kinds.ts, kinds boolean and period).
 */
export function isSelected(child: GroupChild, answers: Record<string, unknown>): boolean {
  const value = answers[child.key];
  if (typeof value === 'object' && value !== null) return (value as { checked?: unknown }).checked === true;
  return value === true;
}

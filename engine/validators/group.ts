import type { GroupChild } from './types';

/** A group child counts as selected when its checkbox is true or its period is checked. */
export function isSelected(child: GroupChild, answers: Record<string, unknown>): boolean {
  const value = answers[child.key];
  if (child.type === 'periodCheckbox') return typeof value === 'object' && value !== null && (value as { checked?: unknown }).checked === true;
  return value === true;
}

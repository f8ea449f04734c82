/**
 * The Interest label that says no: 'Ej intressant', one of every organisation's default
 * labels. The board marks its applicants and can hide them, and the lists draw its chip apart
 * (issue 26). Read by the server (the board's counts) and the screens alike.
 */
export function isRejectedLabel(l: { labelType: string; name: string }): boolean {
  return l.labelType === 'Interest' && l.name.trim().toLowerCase() === 'ej intressant';
}

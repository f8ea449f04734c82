/**
 * Where this tab keeps an application in progress (draft.ts reads and writes it), without the
 * engine: the page's entry asks whether there is one before it has loaded anything else.
 */
const DRAFT_PREFIX = 'blankett.applyDraft.';

export function draftKey(positionId: number | string): string {
  return `${DRAFT_PREFIX}${positionId}`;
}

export const stepKey = (positionId: number | string): string => `${DRAFT_PREFIX}${positionId}.step`;

/** Whether this tab keeps answers or a step for the position (a reload in the middle of an application). */
export function keptInTab(storage: Pick<Storage, 'getItem'> | null, positionId: number | string): boolean {
  try {
    return storage?.getItem(draftKey(positionId)) != null || storage?.getItem(stepKey(positionId)) != null;
  } catch {
    return false;
  }
}

/**
 * Answers in progress, kept in sessionStorage per position so a reload of the tab never
 * loses them. Files are left out (they are large and a browser cannot restore a file input);
 * the draft is cleared after a successful submit. Pure apart from the storage passed in.
 */
import { carriesFiles } from '../../engine/answer-kinds';
import type { Answers, MetadataProperty } from '../../engine/types';

import { draftKey, stepKey } from './draftKeys';

export { draftKey } from './draftKeys';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isFileLike(value: unknown): boolean {
  if (typeof value === 'string') return value.startsWith('data:');
  if (Array.isArray(value)) return value.some((v) => typeof v === 'object' && v !== null && ('data' in v || 'filename' in v));
  return false;
}

/** The answers without file and image values. */
function withoutFiles(answers: Answers, metadata: MetadataProperty[]): Answers {
  const fileKeys = new Set(metadata.filter((p) => carriesFiles(p.type)).map((p) => p.key));
  const out: Answers = {};
  for (const [k, v] of Object.entries(answers)) {
    if (fileKeys.has(k) || isFileLike(v)) continue;
    out[k] = v;
  }
  return out;
}

/** The stored draft for a position, only keys the form still has; {} when none or unreadable. */
export function loadDraft(storage: DraftStorage | null, positionId: number | string, metadata: MetadataProperty[]): Answers {
  const raw = safe(() => storage?.getItem(draftKey(positionId)) ?? null);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const keys = new Set(metadata.map((p) => p.key));
    return withoutFiles(Object.fromEntries(Object.entries(parsed).filter(([k]) => keys.has(k))), metadata);
  } catch {
    return {};
  }
}

/** Stores the draft (files left out); a full or unavailable storage is ignored. */
export function saveDraft(storage: DraftStorage | null, positionId: number | string, answers: Answers, metadata: MetadataProperty[]): void {
  const kept = withoutFiles(answers, metadata);
  safe(() => {
    if (Object.keys(kept).length === 0) storage?.removeItem(draftKey(positionId));
    else storage?.setItem(draftKey(positionId), JSON.stringify(kept));
  });
}

export function clearDraft(storage: DraftStorage | null, positionId: number | string): void {
  safe(() => storage?.removeItem(draftKey(positionId)));
}

/** The step the applicant was on (a form with steps), 0 when none is kept. */
export function loadStep(storage: DraftStorage | null, positionId: number | string): number {
  const raw = safe(() => storage?.getItem(stepKey(positionId)) ?? null);
  return raw && /^\d{1,3}$/.test(raw) ? Number(raw) : 0;
}

/** Keeps the step across reloads; step 0 (the start) removes it. */
export function saveStep(storage: DraftStorage | null, positionId: number | string, step: number): void {
  safe(() => (step > 0 ? storage?.setItem(stepKey(positionId), String(step)) : storage?.removeItem(stepKey(positionId))));
}

// Private browsing and full quotas throw from sessionStorage; a draft is a convenience only.
function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** sessionStorage when the browser offers it. */
export function sessionStore(): DraftStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

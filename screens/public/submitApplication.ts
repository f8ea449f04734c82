/** Sending an application and reading the server's answer into what the apply page shows. */
import { specialFieldKey } from '../../engine/answer-kinds';
import type { Answers, FieldError, MetadataProperty } from '../../engine/types';
import { fieldErrorsOf } from '../../engine/error-details';
import { ApiError, publicPost } from '../api';
import sv from '../../schemas/messages/sv.json';

const s = sv.public;

export type SubmitOutcome =
  | { kind: 'ok'; firstname: string }
  | { kind: 'invalid'; errors: FieldError[]; message: string }
  | { kind: 'duplicate'; message: string }
  | { kind: 'closed'; message: string }
  | { kind: 'failed'; message: string };

/** The applicant's email: `form_email`, else the form's first email field. */
export function emailOf(answers: Answers, metadata: MetadataProperty[]): string {
  const key = 'form_email' in answers ? 'form_email' : specialFieldKey(metadata, 'form_email');
  const v = key ? answers[key] : undefined;
  return typeof v === 'string' ? v.trim() : '';
}

/** Reads a failed apply call; every branch gives a Swedish text a visitor can act on. */
export function outcomeOfError(err: unknown): SubmitOutcome {
  if (!(err instanceof ApiError)) return { kind: 'failed', message: s.loadError };
  if (err.isNetwork) return { kind: 'failed', message: s.networkError };
  const { code, message, details } = err.body;
  if (err.status === 409 && code === 'duplicate_application') return { kind: 'duplicate', message: s.alreadyApplied };
  if (err.status === 409 && code === 'position_closed') return { kind: 'closed', message: message || s.positionClosed };
  if (err.status === 400) {
    const errors = fieldErrorsOf(details);
    return errors.length ? { kind: 'invalid', errors, message: s.invalidSummary } : { kind: 'failed', message: message || s.invalidSummary };
  }
  if (err.status === 413) return { kind: 'failed', message: s.tooLarge };
  if (err.status === 404) return { kind: 'closed', message: s.positionClosed };
  if (err.status === 429 && message) return { kind: 'failed', message };
  return { kind: 'failed', message: s.loadError };
}

/** POST /api/public/positions/apply (docs/contracts.md). */
export async function submitApplication(positionId: number, answers: Answers, metadata: MetadataProperty[], talentPool = false, source?: string): Promise<SubmitOutcome> {
  try {
    const res = await publicPost<{ id: number; firstname?: string } | null>('/api/public/positions/apply', {
      action: 'create_jobApplication',
      data: { email: emailOf(answers, metadata), positionId, metadata: answers, ...(talentPool ? { talentPool: true } : {}), ...(source ? { source } : {}) },
    });
    const fromAnswers = typeof answers.form_firstname === 'string' ? answers.form_firstname.trim() : '';
    return { kind: 'ok', firstname: (res?.firstname ?? '').trim() || fromAnswers };
  } catch (err) {
    return outcomeOfError(err);
  }
}

import consentTemplate from '../../../schemas/templates/talent-pool-consent.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import type { ContainerDoc } from '../core/docs';

/**
 * An organisation's two GDPR periods (issue 28), read from its settings with their defaults:
 * how long applications are kept after a recruitment closes (retention.ts), and how long a
 * talent-pool consent lasts (talent-pool.ts), with the consent's versioned wording. No store:
 * the public pages, the mails and the jobs read them alike.
 */
export const RETENTION_DEFAULT = 24;
const POOL_DEFAULT = 24;
export const PERIOD_MIN = 6;
export const PERIOD_MAX = 36;

const inRange = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= PERIOD_MIN && n <= PERIOD_MAX;

/** Months applications are kept after a recruitment closes (the setting, else 24). */
export const retentionOf = (c: Pick<ContainerDoc, 'retentionMonths'>): number => (inRange(c.retentionMonths) ? c.retentionMonths : RETENTION_DEFAULT);

/** Months a talent-pool consent lasts (the setting, else 24). */
export const poolMonthsOf = (c: Pick<ContainerDoc, 'talentPoolMonths'>): number => (inRange(c.talentPoolMonths) ? c.talentPoolMonths : POOL_DEFAULT);

/** The consent's label and text as the person sees them, and the version recorded with it. */
export function consentWording(c: Pick<ContainerDoc, 'talentPoolMonths' | 'name' | 'displayName'>) {
  const values = { months: String(poolMonthsOf(c)), company: c.displayName || c.name };
  return { version: consentTemplate.version, months: poolMonthsOf(c), label: fill(consentTemplate.label, values), text: fill(consentTemplate.text, values) };
}

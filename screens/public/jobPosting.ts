/** schema.org JobPosting for a position page, so search engines' job listings can read it. Pure. */
import { isoInstant } from './dates';
import type { PublicContainer, PublicPosition } from './types';

// Only the position types we know the meaning of; others are left out rather than guessed.
const EMPLOYMENT_TYPES: Record<string, string> = {
  sommarjobb: 'TEMPORARY',
  tillsvidareanställning: 'FULL_TIME',
  heltid: 'FULL_TIME',
  deltid: 'PART_TIME',
  visstidsanställning: 'TEMPORARY',
  vikariat: 'TEMPORARY',
  praktik: 'INTERN',
  timanställning: 'PER_DIEM',
  volontär: 'VOLUNTEER',
};

export function employmentType(positionTypeName: string | undefined): string | undefined {
  return positionTypeName ? EMPLOYMENT_TYPES[positionTypeName.trim().toLowerCase()] : undefined;
}

/** The JobPosting object; `url` is the page's absolute address. */
export function jobPosting(p: PublicPosition, container: PublicContainer | null, url: string): Record<string, unknown> {
  const profile = container?.profile;
  const org: Record<string, unknown> = { '@type': 'Organization', name: container?.displayName || p.displayName || p.containerName };
  if (profile?.website) org.sameAs = profile.website;
  if (profile?.logo || p.companyLogo) org.logo = new URL((profile?.logo || p.companyLogo)!, url).href;
  const address: Record<string, unknown> = { '@type': 'PostalAddress', addressCountry: 'SE' };
  if (p.city) address.addressLocality = p.city;
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: p.name,
    description: p.text || p.description || p.name,
    datePosted: isoInstant(p.start),
    validThrough: isoInstant(p.stop),
    hiringOrganization: org,
    jobLocation: { '@type': 'Place', address },
    directApply: true,
    url,
  };
  const type = employmentType(p.positionTypeName);
  if (type) data.employmentType = type;
  return data;
}

/** JSON for an inline `<script type="application/ld+json">`: `<` escaped so text can never close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Picks and fills the privacy notice for a public container (spec document 1 §2) from
 * schemas/templates/privacy-notice.json. The variants are data: no container ids here.
 */
import notice from '../../schemas/templates/privacy-notice.json';
import type { PublicContainer } from './types';
import { fill } from '../../engine/fill';

interface NoticeSection {
  id: string;
  heading: string;
  paragraphs: string[];
  listHeading?: string;
  list?: string[];
}

export interface PrivacyNotice {
  title: string;
  variant: string;
  controller: string;
  consentCompany: string;
  sections: NoticeSection[];
  validFrom: string;
  validFromText: string;
  retentionMonths: number;
}

interface SectionOverride {
  heading?: string;
  paragraphs?: string[];
  listHeading?: string;
  list?: string[];
}

interface Variant {
  controller: string;
  consentCompany: string;
  sections?: Record<string, SectionOverride>;
}

interface NoticeData {
  title: string;
  validFrom: string;
  validFromText: string;
  retentionMonths: number;
  sections: NoticeSection[];
  variants: Record<string, Variant>;
}

const data = notice as NoticeData;

/** The notice for a container (or the default when the container is unknown). */
export function privacyNoticeFor(container: Pick<PublicContainer, 'id' | 'displayName' | 'name' | 'profile' | 'retentionMonths'> | null, source: NoticeData = data): PrivacyNotice {
  const key = container && String(container.id) in source.variants ? String(container.id) : 'default';
  const variant = source.variants[key] ?? { controller: '{company}', consentCompany: '{company}' };
  const company = container?.displayName || container?.name || 'arbetsgivaren';
  // The organisation's own retention period (issue 28), else the template's default.
  const months = container?.retentionMonths ?? source.retentionMonths;
  const base = { company, months: String(months), validFrom: source.validFromText };
  const controller = fill(variant.controller, base);
  const profile = container?.profile;
  const vars: Record<string, string> = {
    ...base,
    controller,
    consentCompany: fill(variant.consentCompany, { ...base, controller }),
    contact: profile?.gdprContact || profile?.email || controller,
    gdprAddress: profile?.gdprAddress ? ` Du kan också skicka den med post till ${profile.gdprAddress}.` : '',
  };
  const sections = source.sections.map((s): NoticeSection => {
    const o = variant.sections?.[s.id];
    const merged = { ...s, ...(o ?? {}) };
    const out: NoticeSection = { id: s.id, heading: fill(merged.heading, vars), paragraphs: merged.paragraphs.map((p) => fill(p, vars)) };
    if (merged.listHeading) out.listHeading = fill(merged.listHeading, vars);
    // The organisation's own members list (company profile) replaces the template's stand-in names.
    const members = profile?.members?.filter((m) => m.trim());
    if (merged.list) out.list = (members?.length ? members : merged.list).map((p) => fill(p, vars));
    return out;
  });
  return {
    title: source.title,
    variant: key,
    controller,
    consentCompany: vars.consentCompany!,
    sections,
    validFrom: source.validFrom,
    validFromText: source.validFromText,
    retentionMonths: months,
  };
}

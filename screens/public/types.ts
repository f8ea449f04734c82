/** Shapes of the public calls (docs/contracts.md "Public calls"). */
import type { MetadataProperty } from '../../engine/types';
import type { ThemeInput } from '../../schemas/generated/actions';
import type { PrecompiledForm } from '../../engine/precompiled';

export interface PublicPositionSummary {
  id: number;
  name: string;
  slug: string;
  description: string;
  city: string;
  start: number;
  stop: number;
  status: 'Öppen' | 'Stängd';
  containerId: number;
  containerName: string;
  displayName: string;
  positionTypeId: number;
  positionTypeName: string;
  companyLogo?: string;
}

export interface PublicPosition extends PublicPositionSummary {
  text: string;
  isInternal: boolean;
  linkId?: string;
  /** Slugs of earlier names: a URL with one of them is moved (301) to the current one. */
  previousSlugs?: string[];
  metadata: MetadataProperty[];
  formVersion: number;
  messages?: Record<string, string>;
  /** The ad image chosen in the ad builder ('Annonsbilder'), when there is one. */
  banner?: string;
  /** The form compiled on the server and its precompiled validator's URL; null when the form does not compile. */
  compiledForm?: PrecompiledForm | null;
}

export interface PositionPage {
  items: PublicPositionSummary[];
  total: number;
  page: number;
  take: number;
}

/** Theme of spec document 1 §3; every part optional so a partial theme still works: the shared theme schema (schemas/shared/theme.json). */
export type Theme = ThemeInput;

export type SocialKey = 'facebook' | 'twitter' | 'instagram' | 'linkedin' | 'github' | 'youtube' | 'podcast';

interface ContainerProfile {
  orgNumber?: string;
  description?: string;
  address?: string;
  zip?: string;
  city?: string;
  phone?: string;
  fax?: string;
  email?: string;
  website?: string;
  banner?: string;
  logo?: string;
  terms?: string;
  social?: Partial<Record<SocialKey, string>>;
  gdprContact?: string;
  gdprAddress?: string;
  members?: string[];
  aboutUsLink?: string;
  supportLink?: string;
  showAge?: boolean;
  showGender?: boolean;
}

export interface PublicContainer {
  id: number;
  name: string;
  displayName: string;
  theme?: Theme;
  profile?: ContainerProfile;
  /** Months applications are kept after a recruitment closes (issue 28). */
  retentionMonths?: number;
  /** The talent-pool consent: the choice's label, its text and the text's version. */
  talentPool?: { version: number; months: number; label: string; text: string };
}

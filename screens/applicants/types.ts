import type { ActionAnswer } from '../../schemas/generated/actions';
import type { MetadataProperty } from '../../engine/types';
import type { Rating } from './RatingBadge';

/** Shapes of the applicant calls as the position page reads them (docs/contracts.md). */
export interface Label {
  id: number;
  labelType: 'Interest' | 'Process';
  name: string;
  isDefault: boolean;
}

export interface StoredFile {
  filename: string;
  type: string;
  url: string;
  size?: number;
}

export interface ApplicantItem {
  id: number;
  created: number;
  positionId: number;
  email: string;
  userId: string;
  info: { firstname: string; lastname: string; name: string; email: string; city?: string; phone?: string; age?: number; gender?: string; dateOfBirth?: string };
  metadata: Record<string, unknown>;
  interestLabelId: number | null;
  processLabelId: number | null;
  files: StoredFile[];
  notesCount: number;
  formVersion: number;
  /** Scorecards: how many rated, and the average once the viewer has rated too. */
  rating?: Rating;
}

export interface ApplicantDetail extends ApplicantItem {
  position: { id: number; name: string };
  form: MetadataProperty[];
  notes: { id: number; note: string; created: number; author: string }[];
  logs: { at: number; what: string; by?: string; text: string }[];
}

/** A position as staff read it (get_position's answer). */
export type StaffPosition = ActionAnswer['get_position'];

export interface Page<T> {
  items: T[];
  next: number | string | null;
}

export interface Counts {
  total: number;
  labels: { labelId: number; labelType: 'Interest' | 'Process'; count: number }[];
}

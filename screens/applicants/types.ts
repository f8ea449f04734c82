import type { ActionAnswer } from '../../schemas/generated/actions';

/** The applicant calls' shapes, generated from their actions' x-answer (never restated here). */
export type { Label } from '../../schemas/generated/entities';

/** One row of get_applicantPositionByPosition. */
export type ApplicantItem = ActionAnswer['get_applicantPositionByPosition']['items'][number];

/** One application as get_applicantPosition answers it (notes, log, the answered form). */
export type ApplicantDetail = ActionAnswer['get_applicantPosition'];

/** An attached file as the answers list it (url, never data). */
export type StoredFile = ApplicantItem['files'][number];

/** A position as staff read it (get_position's answer). */
export type StaffPosition = ActionAnswer['get_position'];

/** Totals under the filter and per label (get_applicantCounts). */
export type Counts = ActionAnswer['get_applicantCounts'];

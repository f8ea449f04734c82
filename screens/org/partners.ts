import { dispatch } from '../api';
import type { PartnerType } from './PartnerForm';

/** The partner types with their schemas (one call, cached for the session). */
let types: Promise<PartnerType[]> | null = null;
export function partnerTypes(): Promise<PartnerType[]> {
  types ??= dispatch('get_positionsPartnersBuilderQuery', {}).catch((err: unknown) => {
    types = null;
    throw err;
  });
  return types;
}

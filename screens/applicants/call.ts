import { dispatch } from '../api';

/**
 * A dispatcher call whose answer the applicant pages read as their own declared shape
 * (types.ts). The schemas stay the contract (the server checks data and answers against them);
 * this only names the answer the way these pages use it.
 */
export function call<T>(action: string, data: Record<string, unknown>): Promise<T> {
  return (dispatch as unknown as (action: string, data: unknown) => Promise<T>)(action, data);
}

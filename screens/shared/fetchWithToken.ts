import sv from '../../schemas/messages/sv.json';
import { ApiError, getToken, refusal } from '../api';

/**
 * GET a file the server serves to staff (an export, an applicant's upload) with the session
 * token; a failure throws an ApiError as a dispatcher call would, an abort its AbortError.
 */
export async function fetchWithToken(url: string, signal?: AbortSignal): Promise<Response> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, { code: 'network', message: sv.toast.errorRetry });
  }
  if (!res.ok) throw refusal(res.status, await res.json().catch(() => null), sv.toast.error);
  return res;
}

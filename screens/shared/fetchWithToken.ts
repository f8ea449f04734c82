import sv from '../../schemas/messages/sv.json';
import { ApiError, getToken } from '../api';

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
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError(res.status, body?.error ?? { code: String(res.status), message: sv.toast.error });
  }
  return res;
}

import type { ActionAnswer } from '../../../schemas/generated/actions';
import { ApiError, getToken } from '../../api';
import { saveBlob } from '../../shared/saveBlob';

/** What create_applicantsExport and create_ApplicantPDFExport answer. */
export type ExportTicket = ActionAnswer['create_applicantsExport'] | ActionAnswer['create_ApplicantPDFExport'];

/**
 * Fetches an export's file with the session token, reporting progress as it streams in
 * (`rows`: line breaks seen, for the CSV), then hands it to the browser as a download.
 */
export async function downloadExport(ticket: ExportTicket, onProgress: (rows: number) => void, signal?: AbortSignal): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(ticket.url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, { code: 'network', message: 'Något gick fel, vänligen försök igen' });
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError(res.status, body?.error ?? { code: String(res.status), message: 'Något gick fel' });
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let rows = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (let i = 0; i < value.length; i++) if (value[i] === 10) rows++;
    onProgress(rows);
  }
  saveBlob(new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' }), ticket.filename);
}

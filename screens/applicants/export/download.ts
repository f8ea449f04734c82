import type { ActionAnswer } from '../../../schemas/generated/actions';
import sv from '../../../schemas/messages/sv.json';
import { ApiError } from '../../api';
import { fetchWithToken } from '../../shared/fetchWithToken';
import { saveBlob } from '../../shared/saveBlob';

/** What create_applicantsExport and create_ApplicantPDFExport answer. */
export type ExportTicket = ActionAnswer['create_applicantsExport'] | ActionAnswer['create_ApplicantPDFExport'];

/**
 * Fetches an export's file with the session token, reporting progress as it streams in
 * (`rows`: line breaks seen, for the CSV), then hands it to the browser as a download.
 */
export async function downloadExport(ticket: ExportTicket, onProgress: (rows: number) => void, signal?: AbortSignal): Promise<void> {
  const res = await fetchWithToken(ticket.url, signal);
  if (!res.body) throw new ApiError(res.status, { code: String(res.status), message: sv.toast.error });
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

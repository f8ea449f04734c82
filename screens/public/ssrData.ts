/**
 * The server's data block (screens/public/ssr.ts tells what it is for), readable without React:
 * the page's entry (screens/main.tsx) reads it before it has loaded React.
 */
export const SSR_DATA_ID = 'blankett-ssr';

type PreloadEntry = { status: 200; data: unknown } | { status: 404 };

export interface SsrData {
  /** pathname + search the page was rendered for. */
  url: string;
  /** The host name the host rules ran on (the request's, or the loopback `?host=` override). */
  hostname: string;
  entries: Record<string, PreloadEntry>;
  /** The apply page answering a form sent without script (server/http/apply-form.ts). */
  form?: ApplyFormState;
}

/**
 * What a no-script round trip leaves on the apply page: the answers typed (files aside), the
 * errors at their fields, the step to show, and a refusal that is about no one field.
 */
interface ApplyFormState {
  positionId: number;
  answers: Record<string, unknown>;
  errors: { key: string; validator: string; message: string }[];
  step: number;
  problem?: string;
  closed?: string;
}

/** Reads the data block the server wrote; null when the page was not server-rendered or it is unreadable. */
export function readSsrData(doc: Document): SsrData | null {
  const el = doc.getElementById(SSR_DATA_ID);
  if (!el || el.getAttribute('type') !== 'application/json') return null;
  try {
    const parsed = JSON.parse(el.textContent ?? '') as SsrData;
    return parsed && typeof parsed.url === 'string' && typeof parsed.hostname === 'string' && parsed.entries ? parsed : null;
  } catch {
    return null;
  }
}

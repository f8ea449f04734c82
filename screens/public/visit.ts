/**
 * The apply form's drop-off beacon (issue 30 item 4): one anonymous count per step reached on
 * this page view (step 0: the page opened). Nothing about the visitor is sent; a failure is
 * ignored, as a count is never worth an error on the applicant's page.
 */
function send(positionId: number, step: number): void {
  if (typeof fetch !== 'function') return;
  void fetch(`/api/public/positions/${positionId}/visit?step=${step}`, { method: 'POST', keepalive: true, credentials: 'omit' }).catch(() => undefined);
}

/** The position whose opening the page's entry counted before the script took the form over. */
let openedOnLoad: number | null = null;

/**
 * Counts the server-rendered apply form's opening at once (screens/main.tsx): the script takes
 * the form over only when the applicant first touches it, and a visitor who reads and leaves
 * has still opened it. The page's own counter then starts at step 1, whenever the count is sent.
 */
export function countOpenedOnLoad(positionId: number): void {
  openedOnLoad = positionId;
  // In a task of its own: starting a request is several ms of a phone's CPU, and the entry's
  // other work at load must not add up to one long task with it.
  setTimeout(() => send(positionId, 0), 0);
}

export function visitCounter(positionId: number): (step: number) => void {
  const sent = new Set<number>();
  // Counted once per document: coming back to the form on the client is the same page view.
  if (openedOnLoad === positionId) sent.add(0);
  return (step) => {
    if (sent.has(step)) return;
    sent.add(step);
    send(positionId, step);
  };
}

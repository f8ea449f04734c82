/**
 * The apply form's drop-off beacon (issue 30 item 4): one anonymous count per step reached on
 * this page view (step 0: the page opened). Nothing about the visitor is sent; a failure is
 * ignored, as a count is never worth an error on the applicant's page.
 */
export function visitCounter(positionId: number): (step: number) => void {
  const sent = new Set<number>();
  return (step) => {
    if (sent.has(step) || typeof fetch !== 'function') return;
    sent.add(step);
    void fetch(`/api/public/positions/${positionId}/visit?step=${step}`, { method: 'POST', keepalive: true, credentials: 'omit' }).catch(() => undefined);
  };
}

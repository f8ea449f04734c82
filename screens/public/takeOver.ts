/**
 * When the script takes a server-rendered apply page over (issue 27 item 2), without React.
 * The server's form works before any script (it posts as a plain form), so loading React DOM
 * and hydrating, a task of 100 ms and more on a phone, waits for the applicant's first touch,
 * key press or focus instead of blocking the page while it is being read. What they type
 * meanwhile stays in the fields and is adopted (earlyInput.ts).
 */
const TOUCH_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input'] as const;

/** The server-drawn apply form and its position, or null when the page shows none. */
export function serverApplyForm(doc: Document): { gate: HTMLElement; positionId: number } | null {
  const gate = doc.querySelector<HTMLElement>('.pub-form-gate[data-position]');
  const positionId = Number(gate?.dataset.position);
  return gate && Number.isInteger(positionId) && positionId > 0 ? { gate, positionId } : null;
}

/** Resolves at the first touch, key press or focus anywhere on the page. */
export function firstTouch(doc: Document): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const t of TOUCH_EVENTS) doc.removeEventListener(t, done, true);
      resolve();
    };
    for (const t of TOUCH_EVENTS) doc.addEventListener(t, done, { capture: true, passive: true });
  });
}

/** How long a send pressed while the script loads waits for it before it goes as a plain form. */
const HOLD_SEND_MS = 8000;

/**
 * What the applicant presses between their first touch and the script having the form: a
 * button that needs the script (type="button": 'Allmänna villkor', the menu) does nothing by
 * itself, and a send would post the plain form while the script is about to take it over.
 * Both are pressed again once the form is live (`data-live` on the gate; React does not replay
 * a submit on a root it has not hydrated yet). Presses of buttons after `hydrating()` are
 * React's own (it replays clicks). If the script does not come (`failed()`, or 8 s after a
 * send), the send goes as the plain form, as without script.
 */
export function holdEarlyPresses(doc: Document, gate: HTMLElement): { hydrating(): void; failed(): void } {
  let button: HTMLButtonElement | null = null;
  let send: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onClick = (e: Event) => {
    const b = e.target instanceof Element ? e.target.closest('button[type="button"]') : null;
    if (b instanceof HTMLButtonElement) button = b;
  };
  const onSubmit = (e: Event) => {
    if (!(e.target instanceof HTMLFormElement)) return;
    // Neither posted nor seen by React before the form is live (it may be listening already,
    // with the answers typed into the server's form not yet adopted): sent once, at live.
    e.preventDefault();
    e.stopPropagation();
    send = { form: e.target, submitter: (e as SubmitEvent).submitter };
    timer ??= setTimeout(() => done(false), HOLD_SEND_MS);
  };
  const live = new MutationObserver(() => {
    if (gate.hasAttribute('data-live')) done(true);
  });
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  live.observe(gate, { attributes: true, attributeFilter: ['data-live'] });
  let finished = false;
  function done(isLive: boolean): void {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    live.disconnect();
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    if (isLive && button?.isConnected) button.click();
    if (!send?.form.isConnected) return;
    try {
      send.form.requestSubmit(send.submitter);
    } catch {
      send.form.requestSubmit();
    }
  }
  return {
    hydrating: () => doc.removeEventListener('click', onClick, true),
    failed: () => done(false),
  };
}

/**
 * Taking over a server-rendered page without blocking the main thread (issue 27 item 2). The
 * page works before any script runs (the apply form posts without it), so nothing is gained by
 * hydrating in one go and much is lost: on a phone that one task held the thread for 130–160 ms,
 * during which a tap or a keystroke waits. Instead:
 *
 * 1. the route's chunks (the server's `modulepreload` links, dependencies first) are evaluated
 *    one module per task, with a yield to the browser between them, instead of the whole graph
 *    in the task that resolves the page's dynamic import;
 * 2. React hydrates in a transition (screens/main.tsx), which it renders in slices of a few
 *    milliseconds and gives up to anything the applicant does; what they type before it is done
 *    stays in the DOM and the apply page adopts it (earlyInput.ts).
 */

/** The build's own chunks the server preloads for this page, in its order (dependencies first). */
export function preloadedChunks(doc: Document): string[] {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
  // Only /assets/: a form's validator module (/api/public/validators/…) needs its runtime
  // registered before it is evaluated, which the apply page does when it imports it.
  return links.map((l) => l.href).filter((href) => new URL(href, doc.baseURI).pathname.startsWith('/assets/'));
}

/** Resolves in a new task, after the browser has had the chance to handle input and paint. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Imports each URL in turn, one per task. A chunk that fails here is left to the page's own lazy
 * import, which reports it as before (screens/chunks.ts); evaluating early changes no outcome.
 */
export async function evaluateInTurn(urls: readonly string[], load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url)): Promise<void> {
  for (const url of urls) {
    try {
      await load(url);
    } catch {
      // The page's own import of it reports the failure.
    }
    await nextTask();
  }
}

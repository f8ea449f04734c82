import { loadChunk } from "../chunks";
import { preloadableLazy } from "../preloadableLazy";
import { preloadRoute as preloadPositionRoute } from "./PositionRoute";
import { isReferencePath, preloadReferencePage } from "./referenceRoute";

/** The accessibility statement on every host (issue 28 item 7), linked from every page's footer. */
const STATEMENT_PATH = "/tillganglighet";

export const isStatementPath = (pathname: string) =>
  pathname === STATEMENT_PATH || pathname === `${STATEMENT_PATH}/`;

// The statement and its texts (sv.accessibility) load only on its own path, so the apply page
// does not ship them (tests/e2e/apply-texts.test.ts).
const statement = preloadableLazy<object>(() =>
  loadChunk("AccessibilityPage", () => import("./AccessibilityPage")).then(
    (m) => ({ default: m.AccessibilityPage }),
  ),
);
export const AccessibilityPage = statement.Component;

/**
 * The chunk a server-rendered path needs before it hydrates: the statement's, the reference page's or the apply page's.
 * @public — read through the lazily loaded public app's module (screens/App.tsx preloadPublicPage), which knip cannot follow.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  if (isStatementPath(pathname)) await statement.preload();
  else if (isReferencePath(pathname)) await preloadReferencePage();
  else await preloadPositionRoute(pathname);
}

import { loadChunk } from '../chunks';
import { fillData, type BindingContext } from './bindings';

/**
 * The declared types of every action's data (actionTypes.ts, with the shared schemas they use)
 * are a chunk of their own: a session page (the login) sends its form to an account route and
 * never needs them. The first action a screen sends loads them; an admin screen starts loading
 * them with its own code (preloadActionTypes in Runner.tsx).
 */
const load = () => loadChunk('actionTypes', () => import('./actionTypes'));
let loading: ReturnType<typeof load> | null = null;

function actionTypes(): ReturnType<typeof load> {
  if (!loading) {
    const p = load();
    // A chunk that failed may be fetched again by the next call.
    p.catch(() => (loading = null));
    loading = p;
  }
  return loading;
}

/** Starts fetching the action types (an admin screen's first page). */
export function preloadActionTypes(): void {
  void actionTypes().catch(() => undefined);
}

/** `data` of a call to `action` filled from `ctx` and coerced to the action's declared types ('{route.id}' → integer). */
export async function fillForAction(action: string, data: unknown, ctx: BindingContext): Promise<unknown> {
  const { dataSchemaOf } = await actionTypes();
  return fillData(data, ctx, dataSchemaOf(action));
}

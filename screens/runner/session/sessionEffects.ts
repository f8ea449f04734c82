import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { landingAfterLogin } from './token';
import { useSession } from './session';
import { fillText, pointer, type BindingContext } from '../bindings';

/** A screen action's or form's session effects (screen.schema.json `session`). */
export interface SessionEffect {
  /** JSON pointer to a new token in the answer: it becomes this session's. */
  token?: string;
  /** A binding such as '{row.id}': the company the session works in from now on. */
  containerId?: string;
}

/** What an effect asks of the session, from the answer and the bindings; pure (tested on its own). */
export function sessionChanges(effect: SessionEffect | undefined, ctx: BindingContext, answer: unknown): { token?: string; containerId?: number } {
  if (!effect) return {};
  const out: { token?: string; containerId?: number } = {};
  const token = effect.token === undefined ? undefined : pointer(answer, effect.token);
  if (typeof token === 'string' && token) out.token = token;
  const id = effect.containerId === undefined ? NaN : Number(fillText(effect.containerId, ctx));
  if (Number.isInteger(id) && id > 0) out.containerId = id;
  return out;
}

/** Applies a session effect after an action ran: a new token logs this session in with it, a company is chosen. */
export function useSessionEffects() {
  const { login, pickContainer } = useSession();
  return useCallback(
    (effect: SessionEffect | undefined, ctx: BindingContext, answer: unknown) => {
      const { token, containerId } = sessionChanges(effect, ctx, answer);
      if (token) login(token);
      if (containerId) pickContainer(containerId);
    },
    [login, pickContainer],
  );
}

/**
 * Where a login lands (a form's `session.land`): the page the guard sent from when the same
 * person logs in again, else /admin (landingAfterLogin). `sub` is the new session's, or the
 * present one's when the person is already logged in.
 */
export function useLanding(): (sub: string) => string {
  const location = useLocation();
  const { from, owner } = (location.state as { from?: string; owner?: string | null } | null) ?? {};
  return useCallback((sub: string) => landingAfterLogin(from, owner, sub), [from, owner]);
}

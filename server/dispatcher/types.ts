import type { ActionAnswer, ActionData, ActionName } from '../../schemas/generated/actions';
import type { TokenUser } from '../auth/tokens';
import type { Principal } from '../base/principal';
import type { ServerDeps } from '../base/deps';
import type { Resolved } from '../domain/accounts/access';

/**
 * The contract between the dispatcher (server/dispatcher/*) and the action handlers
 * (server/actions/*). Each action is a schema file `schemas/actions/<action>.json`:
 *
 *   { "$schema": …, "title": "<action>", "description": "…",
 *     "x-role": Role, "x-scope": Scope,
 *     "type": "object", "additionalProperties": false, "properties": {…}, "required": [… ] }
 *
 * A schema that takes a shared part (schemas/shared/, e.g. the applicant filter) composes it
 * instead of restating it: `"allOf": [{ "$ref": "https://blankett.se/schemas/shared/…" }]` with
 * `"unevaluatedProperties": false` in place of `additionalProperties`; a single property may
 * `$ref` a shared schema or one of its properties (`…/applicant-filter.json#/properties/labelId`).
 *
 * The schema is the `data` schema. The dispatcher validates `data` against it (compiled once
 * at start), then resolves the scope to a container (and position) and checks the role on
 * the server before the handler runs. A handler without schema, or a schema without
 * handler, role or scope, is a start-up error.
 */

export interface ActionContext {
  principal: Principal;
  resolved: Resolved;
  deps: ServerDeps;
  /** Query parameters of the dispatcher call (e.g. `?filter=` for search). */
  query: Record<string, string | undefined>;
  /** Signs a fresh session token for a user as stored now (account actions answer one). */
  issueToken?: (user: TokenUser) => Promise<string>;
}

/**
 * The handler of action N, typed from its schema file (`npm run gen`): `data` is what the data
 * schema admits, and the answer must fit its `x-answer`, so a handler reading or sending a
 * field the schema lacks fails the type check.
 */
export type Handler<N extends ActionName> = (ctx: ActionContext, data: ActionData[N]) => Promise<ActionAnswer[N]>;

/** A handler as the registry holds it, its action no longer known statically. */
export type AnyHandler = (ctx: ActionContext, data: never) => Promise<unknown>;

/**
 * What each file in server/actions/ exports: `export const actions: ActionTable = { name: handler }`.
 * Only names with a schema file are accepted (excess keys fail the type check).
 */
export type ActionTable = { [N in ActionName]?: Handler<N> };

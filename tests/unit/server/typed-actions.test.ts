import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ActionAnswer, ActionData, ActionName } from '../../../schemas/generated/actions';
import type { Handler } from '../../../server/dispatcher/types';
import { dispatch } from '../../../screens/api';
import { actionFiles } from '../../../server/dispatcher/action-files';

const files = actionFiles();

/*
 * The type-level half runs in `npm run typecheck`: each `@ts-expect-error` below fails the type
 * check when the drift it names type-checks again.
 */

/** The drift issue 8 found: the ad builder read two fields get_position never sends. */
export function adBuilderReads(p: ActionAnswer['get_position']): string {
  // @ts-expect-error get_position's answer has no myPermissions
  void p.myPermissions;
  // @ts-expect-error get_position's answer has no userPositions
  void p.userPositions;
  return p.name;
}

/** A screen sending a field the data schema lacks, or the wrong type. */
export function screenSends(): void {
  // @ts-expect-error get_position takes only `id`
  void dispatch('get_position', { id: 1, containerId: 2 });
  // @ts-expect-error `id` is an integer, not a string
  void dispatch('get_position', { id: '1' });
  // @ts-expect-error there is no such action
  void dispatch('get_everything', {});
}

/** A screen reading a field the answer lacks. */
export async function screenReads(): Promise<number> {
  const p = await dispatch('get_position', { id: 1 });
  // @ts-expect-error StaffPosition has no `salary`
  void p.salary;
  return p.totalApplicants;
}

/** A handler reading a field its data schema lacks, or answering a shape its x-answer refuses. */
export const readsUnknown: Handler<'delete_position'> = async (_ctx, data) => {
  // @ts-expect-error delete_position's data has only `id`
  void data.containerId;
  return { id: data.id };
};
// @ts-expect-error delete_position answers { id }, not { deleted }
export const answersWrong: Handler<'delete_position'> = async () => ({ deleted: 1 });

describe('typed actions', () => {
  it('declares an x-answer in every action file', () => {
    const missing = files.filter((f) => !('x-answer' in (JSON.parse(readFileSync(f.path, 'utf8')) as object)));
    expect(missing).toEqual([]);
  });

  it('generates a request and an answer type for every action file', () => {
    const generated = readFileSync(resolve(import.meta.dirname, '../../../schemas/generated/actions.ts'), 'utf8');
    const table = /export interface ActionAnswer \{([^}]*)\}/.exec(generated)?.[1] ?? '';
    const names = [...table.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]);
    expect(names.sort()).toEqual(files.map((f) => f.name).sort());
    const name: ActionName = 'get_position';
    const data: ActionData['get_position'] = { id: 1 };
    expect([name, data]).toEqual(['get_position', { id: 1 }]);
  });
});

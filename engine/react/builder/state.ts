import { useMemo, useReducer, useRef } from 'react';
import {
  addBlock, addChild, addField, canRedo, canUndo, createHistory, fromMetadata, moveField, record, redo, removeField, setChildren,
  setValidator, undo, updateField, type BuilderCatalog, type BuilderForm, type BuilderResult, type ChildItem, type History,
  type Removal,
} from '../../builder';
import type { MetadataProperty } from '../../types';

type Action =
  | { type: 'run'; run(form: BuilderForm): BuilderForm; tag?: string }
  | { type: 'undo' }
  | { type: 'redo' };

function reducer(h: History<BuilderForm>, a: Action): History<BuilderForm> {
  if (a.type === 'undo') return undo(h);
  if (a.type === 'redo') return redo(h);
  return record(h, a.run(h.present), a.tag);
}

export interface FieldPatch {
  patch: Partial<MetadataProperty>;
  /** The group's children as its editor lists them (group-like fields only). */
  items?: ChildItem[];
  /** Validators to turn on (data) or off (undefined). */
  validators?: Record<string, unknown>;
  /** A step of its own in the undo history (a toggle), not merged into the field's typing run. */
  own?: boolean;
}

export interface BuilderActions {
  add(type: string): BuilderResult;
  /** Adds one of the spec's ready blocks (engine/builder/blocks.ts). */
  addBlock(blockId: string): BuilderResult;
  addChild(groupKey: string): BuilderResult;
  remove(key: string): Removal;
  move(activeKey: string, overKey: string): void;
  edit(key: string, change: FieldPatch): void;
  undo(): void;
  redo(): void;
}

/**
 * The builder's state: an undo/redo history of pure builder forms. Every operation is one
 * of engine/builder's pure functions; edits of one field coalesce into one undo step.
 */
export function useBuilderState(initial: { metadata: MetadataProperty[]; keyCounter?: number }, catalog: BuilderCatalog, today: string) {
  const [history, dispatch] = useReducer(reducer, undefined, () => createHistory(fromMetadata(initial.metadata, catalog, initial.keyCounter)));
  const latest = useRef(history);
  latest.current = history;

  const actions = useMemo<BuilderActions>(() => {
    const ctx = { today };
    // add/addChild/remove report back (refusal message, new key, removed kind), so they are
    // computed on the latest state and then recorded as a plain replacement.
    const commit = (next: BuilderForm) => dispatch({ type: 'run', run: () => next });
    return {
      add(type) {
        const r = addField(latest.current.present, type, catalog, ctx);
        if (r.ok) commit(r.form);
        return r;
      },
      addBlock(blockId) {
        const r = addBlock(latest.current.present, blockId, catalog, ctx);
        if (r.ok) commit(r.form);
        return r;
      },
      addChild(groupKey) {
        const r = addChild(latest.current.present, groupKey, catalog, ctx);
        if (r.ok) commit(r.form);
        return r;
      },
      remove(key) {
        const r = removeField(latest.current.present, key, catalog);
        if (r.removed.length) commit(r.form);
        return r;
      },
      move(activeKey, overKey) {
        dispatch({ type: 'run', run: (f) => moveField(f, activeKey, overKey, catalog) });
      },
      edit(key, change) {
        dispatch({
          type: 'run',
          tag: change.own ? undefined : `edit:${key}`,
          run: (f) => {
            let next = updateField(f, key, change.patch, catalog);
            const k = change.patch.key ?? key;
            if (change.items) next = setChildren(next, k, change.items, catalog, ctx);
            for (const [name, data] of Object.entries(change.validators ?? {})) next = setValidator(next, k, name, data, catalog);
            return next;
          },
        });
      },
      undo: () => dispatch({ type: 'undo' }),
      redo: () => dispatch({ type: 'redo' }),
    };
  }, [catalog, today]);

  const flags = { canUndo: canUndo(history), canRedo: canRedo(history) };
  return { form: history.present, actions, ...flags };
}

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import sv from '../../../schemas/messages/sv.json';
import {
  addableTypes, builderCatalog, FORM_BLOCKS, personWarnings, childKeysOf, dependentsOf, parentMap, removalOf, ruleSources, validateForm, type BuilderForm, type BuilderIssue,
} from '../../builder';
import { fill } from '../../fill';
import { defaultRegistry, type Registry } from '../../index';
import type { MetadataProperty } from '../../types';
import { useOptionalFormEngine } from '../context';
import { FieldRow, plainLabel, type RowActions } from './FieldRow';
import { DragFlag, LivePreview } from './LivePreview';
import { SortableList } from './SortableList';
import { useBuilderState } from './state';
import { useAutosave, type SaveOptions, type SaveStatus } from './useAutosave';
import './builder.css';

const b = sv.builder;

export interface FormBuilderProps {
  /** The form to edit; read when the builder mounts (give it a new React key to load another). */
  initial: { metadata: MetadataProperty[]; keyCounter?: number };
  /** Every change of the form (after each operation, undo or redo). */
  onChange?(form: BuilderForm, valid: boolean): void;
  /**
   * Autosave: called debounced with a valid form and the host's `extra` (template name, …)
   * of the same moment; throw SaveConflict to stop. Without it, the host saves.
   */
  save?(form: BuilderForm, opts: SaveOptions, extra: unknown): Promise<void>;
  /** Host data saved together with the form; a new value (reference) is a change to save. */
  extra?: unknown;
  /** Extra condition for autosave besides a valid form (e.g. the template has a name). */
  canSave?: boolean;
  autosaveDelayMs?: number;
  /** Shows a toast ('Fältet har tagits bort', refusals). */
  notify?(text: string, kind?: 'success' | 'error'): void;
  /** Today in Europe/Stockholm (new periods start on it). */
  today: string;
  messages?: Record<string, string>;
  positionStart?: number;
  /** Show the live preview beside the list (default true). */
  preview?: boolean;
}

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  pending: b.status.pending,
  saving: b.status.saving,
  saved: b.status.saved,
  invalid: b.status.invalid,
  error: b.status.error,
  conflict: '',
};

function isTextEntry(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(el.type);
}

/**
 * The form builder (the engine's edit mode): a sortable list of the form's fields with an
 * editor per field generated from its type's schema, undo/redo, autosave and a live preview
 * rendered by the same engine.
 */
export function FormBuilder({
  initial, onChange, save, extra, canSave = true, autosaveDelayMs = 800, notify, today, messages, positionStart, preview = true,
}: FormBuilderProps) {
  const engine = useOptionalFormEngine();
  const registry = ((engine?.fieldTypes as Registry | null) ?? defaultRegistry()) as Registry;
  const catalog = useMemo(() => builderCatalog(registry.fieldTypes), [registry]);
  const types = useMemo(() => addableTypes(registry.fieldTypes), [registry]);
  const { form, actions, canUndo, canRedo } = useBuilderState(initial, catalog, today);
  const [editingKey, setEditingKey] = useState<string | undefined>(undefined);
  const [addType, setAddType] = useState(types[0]?.name ?? 'text');
  const [previewMode, setPreviewMode] = useState<'edit' | 'entry'>('edit');
  const focusAfter = useRef<string | undefined>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);
  const ids = useId();

  const issues = useMemo(() => validateForm(form, catalog), [form, catalog]);
  const warnings = useMemo(() => personWarnings(form.metadata), [form.metadata]);
  const valid = issues.length === 0;
  const saved = useMemo(() => ({ form, extra }), [form, extra]);
  const saveBoth = useMemo(() => (save ? (v: { form: BuilderForm; extra: unknown }, o: SaveOptions) => save(v.form, o, v.extra) : undefined), [save]);
  const autosave = useAutosave(saved, valid && canSave, saveBoth, autosaveDelayMs);

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    onChangeRef.current?.(form, valid);
  }, [form, valid]);

  // Rows get stable props: the form's latest state is read through a ref.
  const formRef = useRef(form);
  formRef.current = form;
  const notifyRef = useRef(notify);
  notifyRef.current = notify;

  const { parents, top, childrenByKey, issuesByTop } = useMemo(() => {
    const parents = parentMap(form.metadata, catalog);
    const byKey = new Map(form.metadata.map((p) => [p.key, p]));
    const top = form.metadata.filter((p) => !parents.has(p.key));
    const childrenByKey = new Map<string, MetadataProperty[]>();
    for (const p of top) {
      if (catalog.isGroup(p.type)) childrenByKey.set(p.key, childKeysOf(p).map((k) => byKey.get(k)).filter((c): c is MetadataProperty => !!c));
    }
    const issuesByTop = new Map<string, BuilderIssue[]>();
    for (const i of issues) {
      const owner = parents.get(i.key) ?? i.key;
      issuesByTop.set(owner, [...(issuesByTop.get(owner) ?? []), i]);
    }
    return { parents, top, childrenByKey, issuesByTop };
  }, [form, catalog, issues]);
  const topKeys = useMemo(() => top.map((p) => p.key), [top]);
  const topByKey = useMemo(() => new Map(top.map((p) => [p.key, p])), [top]);
  const parentsRef = useRef(parents);
  parentsRef.current = parents;

  const rowActions = useMemo<RowActions>(
    () => ({
      toggleEdit: (key) => setEditingKey((k) => (k === key ? undefined : key)),
      remove: (key) => {
        const siblings = (() => {
          const parent = parentsRef.current.get(key);
          const all = formRef.current.metadata;
          return parent ? childKeysOf(all.find((p) => p.key === parent)) : all.filter((p) => !parentsRef.current.has(p.key)).map((p) => p.key);
        })();
        // A field a condition reads cannot go: the condition would point at nothing.
        const dependent = dependentsOf(formRef.current, removalOf(formRef.current, key, catalog))[0];
        if (dependent) {
          notifyRef.current?.(fill(sv.conditions.usedBy, { field: plainLabel(dependent) }), 'error');
          return;
        }
        const r = actions.remove(key);
        if (!r.removed.length) return;
        notifyRef.current?.(r.wasGroup ? sv.toast.groupRemoved : sv.toast.fieldRemoved);
        setEditingKey((k) => (k && r.removed.includes(k) ? undefined : k));
        const i = siblings.indexOf(key);
        focusAfter.current = siblings[i + 1] ?? siblings[i - 1];
      },
      addChild: (key) => {
        const r = actions.addChild(key);
        if (r.ok) setEditingKey(r.key);
        else notifyRef.current?.(r.message, 'error');
      },
      moveChild: (a, o) => actions.move(a, o),
      edit: (key, change, focusId) => {
        actions.edit(key, change);
        if (change.patch.key && change.patch.key !== key) {
          setEditingKey((k) => (k === key ? change.patch.key : k));
          if (focusId) focusAfter.current = `#${focusId}`;
        }
      },
      isKeyTaken: (key) => formRef.current.metadata.some((p) => p.key === key),
      typeOf: (type) => registry.fieldTypes.get(type),
      labelOf: (key) => plainLabel(formRef.current.metadata.find((p) => p.key === key)),
      ruleSources: (key) => ruleSources(formRef.current, key, catalog),
    }),
    [actions, registry, catalog],
  );

  // After a removal or rename, focus goes to a sensible place instead of the page body.
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = undefined;
    const root = rootRef.current;
    const el = target.startsWith('#')
      ? document.getElementById(target.slice(1))
      : root?.querySelector<HTMLElement>(`[data-key="${target.replace(/["\\]/g, '\\$&')}"] .bld-edit`);
    (el ?? root?.querySelector<HTMLElement>('.bld-add-type'))?.focus();
  }, [form]);

  const add = () => {
    const r = addType.startsWith(BLOCK) ? actions.addBlock(addType.slice(BLOCK.length)) : actions.add(addType);
    if (!r.ok) {
      notifyRef.current?.(r.message, 'error');
      return;
    }
    setEditingKey(r.key);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 'z' || isTextEntry(e.target)) return;
    e.preventDefault();
    if (e.shiftKey) actions.redo();
    else actions.undo();
  };

  const [drag] = useState(() => new DragFlag());
  const statusText = autosave.status === 'conflict' ? autosave.message : save ? STATUS_TEXT[autosave.status] : valid ? '' : b.invalidManual;

  return (
    <div className="bld" ref={rootRef} onKeyDown={onKeyDown}>
      <div className="bld-editor-col">
        <div className="bld-toolbar">
          <button type="button" className="bld-button" onClick={actions.undo} disabled={!canUndo} aria-keyshortcuts="Control+Z">
            {b.undo}
          </button>
          <button type="button" className="bld-button" onClick={actions.redo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z">
            {b.redo}
          </button>
          <span className="bld-add">
            <label htmlFor={`${ids}-type`}>{b.fieldType}</label>
            <select id={`${ids}-type`} className="bld-add-type" value={addType} onChange={(e) => setAddType(e.target.value)}>
              <optgroup label={sv.personFields.typesHeading}>
                {types.map((t) => (
                  <option key={t.name} value={t.name}>
                    {t.title}
                  </option>
                ))}
              </optgroup>
              <optgroup label={sv.personFields.blocksHeading}>
                {FORM_BLOCKS.map((block) => (
                  <option key={block.id} value={`${BLOCK}${block.id}`}>
                    {block.title}
                  </option>
                ))}
              </optgroup>
            </select>
            <button type="button" className="bld-button bld-button-primary" onClick={add}>
              {b.addField}
            </button>
          </span>
        </div>
        {save && <p className="bld-autosave">{b.autosave}</p>}
        <p className={`bld-status bld-status-${autosave.status}`} role="status">
          {statusText}
        </p>
        {/* Shown at once, while building: the server refuses a position form without one E-post field. */}
        <div className="bld-warnings" role="status" aria-label={sv.personFields.warningsLabel}>
          {warnings.map((w) => (
            <p key={w} className="bld-warning">
              {w}
            </p>
          ))}
        </div>
        <h2 id={`${ids}-fields`} className="bld-heading">
          {b.fieldsHeading}
        </h2>
        <p className="bld-help">{b.help}</p>
        {topKeys.length === 0 ? (
          <p className="bld-empty">{b.empty}</p>
        ) : (
          <SortableList
            ids={topKeys}
            label={b.listLabel}
            labelOf={rowActions.labelOf}
            onMove={actions.move}
            onDragActive={drag.set}
            renderItem={(key) => {
              const property = topByKey.get(key) as MetadataProperty;
              const kids = childrenByKey.get(key) ?? NO_CHILDREN;
              const open = editingKey !== undefined && (editingKey === key || kids.some((c) => c.key === editingKey)) ? editingKey : undefined;
              return (
                <FieldRow property={property} children={kids} editingKey={open} issues={issuesByTop.get(key) ?? NO_ISSUES} actions={rowActions} today={today} />
              );
            }}
          />
        )}
      </div>
      {preview && (
        <section className="bld-preview" aria-labelledby={`${ids}-preview`}>
          <div className="bld-preview-head">
            <h2 id={`${ids}-preview`} className="bld-heading">
              {b.preview}
            </h2>
            <label htmlFor={`${ids}-mode`}>{b.previewMode}</label>
            <select id={`${ids}-mode`} value={previewMode} onChange={(e) => setPreviewMode(e.target.value as 'edit' | 'entry')}>
              <option value="edit">{b.previewView}</option>
              <option value="entry">{b.previewEntry}</option>
            </select>
          </div>
          <LivePreview metadata={form.metadata} drag={drag} mode={previewMode} messages={messages} positionStart={positionStart} />
        </section>
      )}
    </div>
  );
}

/** The type select's value for a ready block: 'block:<id>' (no field type has a colon in its name). */
const BLOCK = 'block:';
const NO_CHILDREN: MetadataProperty[] = [];
const NO_ISSUES: BuilderIssue[] = [];

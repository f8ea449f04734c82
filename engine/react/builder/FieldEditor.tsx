import { memo, useMemo, useState, type FocusEvent } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { IChangeEvent } from '@rjsf/core';
import sv from '../../../schemas/messages/sv.json';
import type { BuilderIssue, RuleSource } from '../../builder';
import type { FieldTypeDefinition } from '../../definitions';
import type { MetadataProperty } from '../../types';
import { addError, NO_SUBMIT, translateSwedish } from './rjsf';
import type { FieldPatch } from './state';
import { ValidatorToggles } from './ValidatorToggles';
import { RuleEditor } from './RuleEditor';
import { ajv8 } from './validator';
import { BUTTON_TEMPLATES } from './rjsfButtons';

const b = sv.builder;
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
/** The 'Obligatorisk' toggle of these types adds or removes the validator itself (spec document 2 §5). */
const REQUIRED_TOGGLES = new Set(['radioRequired', 'fileRequired']);

type EditorData = Record<string, unknown>;

/** Equal for the editor: absent, null, false, '' and {} all mean "not set". */
function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === null || v === false || v === '' || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0) ? null : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** The editor schema's list of children (`options`, `periods`): an array whose items carry a key. */
function childListName(def: FieldTypeDefinition): string | undefined {
  const props = (def.editor.properties ?? {}) as Record<string, { type?: string; items?: { properties?: Record<string, unknown> } }>;
  return Object.keys(props).find((k) => props[k]?.type === 'array' && props[k]?.items?.properties?.key !== undefined);
}

/** What staff rarely change, shown under 'Avancerat' outside the type's form: the key and 'Rubriken innehåller HTML'. */
const ADVANCED = new Set(['key', 'isHtml']);

function editorSchema(def: FieldTypeDefinition): RJSFSchema {
  const editor = def.editor as RJSFSchema;
  // What the applicant sees first (label, placeholder, required); the key and HTML are under
  // Avancerat; a group's options are edited in one place, its rows in the list (issue 26).
  const list = childListName(def);
  const properties = Object.fromEntries(Object.entries(editor.properties ?? {}).filter(([name]) => !ADVANCED.has(name) && name !== list));
  return { ...editor, properties } as RJSFSchema;
}

function toEditorData(p: MetadataProperty, def: FieldTypeDefinition): EditorData {
  const listName = childListName(def);
  const out: EditorData = {};
  if (def.requiredness === 'always') out.required = true;
  for (const name of Object.keys((def.editor.properties ?? {}) as object)) {
    if (ADVANCED.has(name) || name === listName) continue;
    if (name === 'data') {
      out.data = p.data && typeof p.data === 'object' && !Array.isArray(p.data) ? p.data : {};
    } else {
      const v = (p as unknown as Record<string, unknown>)[name];
      if (v !== undefined && v !== null && !(name in out)) out[name] = v;
    }
  }
  return out;
}

/** Places the form's issues for this field (and its children) where the editor shows them. */
function errorSchemaFor(p: MetadataProperty, def: FieldTypeDefinition, issues: readonly BuilderIssue[]) {
  const schema: ErrorSchema = {};
  const listName = childListName(def);
  for (const issue of issues) {
    // Shown by the validator and rule editors, the key under Avancerat, the options' by their rows.
    if (issue.key !== p.key || issue.path.startsWith('validators.') || issue.path === 'visibleWhen' || issue.path === 'requiredWhen' || issue.path === 'key') continue;
    if (!(issue.path === 'data' && listName)) addError(schema, issue.path.split('.'), issue.message);
  }
  return schema;
}

export interface FieldEditorProps {
  property: MetadataProperty;
  def: FieldTypeDefinition;
  children: readonly MetadataProperty[];
  issues: readonly BuilderIssue[];
  /** Keys used by other fields (a new key must not be one of them). */
  isKeyTaken(key: string): boolean;
  /** `focusId`: the element to focus after the edit re-renders (a renamed field's row is new). */
  onEdit(key: string, change: FieldPatch, focusId?: string): void;
  today: string;
  /** The fields above this one that a condition can read. */
  sources: readonly RuleSource[];
  labelOf(key: string): string;
}

/**
 * One generic field editor: an RJSF form generated from the type's `editor` schema
 * (schemas/field-types/<type>.json), plus the key and the validator toggles. Problems are
 * shown at the field in Swedish; a bad key is held here and never reaches the form.
 */
export const FieldEditor = memo(function FieldEditor({ property, def, children: _children, issues, isKeyTaken, onEdit, today, sources, labelOf }: FieldEditorProps) {
  const [keyDraft, setKeyDraft] = useState<string | null>(null);
  const [keyError, setKeyError] = useState('');
  const schema = useMemo(() => editorSchema(def), [def]);
  const listName = childListName(def);
  const keyIssue = issues.find((i) => i.key === property.key && i.path === 'key')?.message ?? '';
  const formData = toEditorData(property, def);
  const extraErrors = errorSchemaFor(property, def, issues);
  // A group without options says so here too (its rows are below the editor).
  const listProblems = listName ? issues.filter((i) => i.key === property.key && i.path === 'data').map((i) => i.message) : [];
  const uiSchema: UiSchema = useMemo(
    () => ({
      ...NO_SUBMIT,
      'ui:order': [...['label', 'placeholder', 'required'].filter((n) => Object.hasOwn(schema.properties ?? {}, n)), '*'],
      // E-post is always required (an application is tied to its address): shown ticked, locked.
      ...(def.requiredness === 'always' ? { required: { 'ui:disabled': true, 'ui:help': b.requiredAlways } } : {}),
    }),
    [def.requiredness, schema],
  );

  const onChange = (e: IChangeEvent<EditorData>) => {
    const next = e.formData ?? {};
    const patch: Partial<MetadataProperty> = {};
    const change: FieldPatch = { patch };
    let changed = false;
    for (const name of Object.keys((def.editor.properties ?? {}) as object)) {
      if (ADVANCED.has(name) || name === listName || (name === 'data' && def.groupLike)) continue;
      if (same(next[name], formData[name])) continue; // RJSF filling in defaults is not an edit
      changed = true;
      (patch as Record<string, unknown>)[name] = next[name];
    }
    const rv = def.requiredValidator;
    if (rv && REQUIRED_TOGGLES.has(rv.name) && 'required' in patch) {
      change.validators = { [rv.name]: patch.required === true ? (rv.data ?? null) : undefined };
    }
    if (changed) onEdit(property.key, change);
  };

  const onKey = (typed: string) => {
    const trimmed = typed.trim();
    setKeyDraft(trimmed === property.key ? null : typed);
    setKeyError(trimmed === property.key ? '' : !KEY_PATTERN.test(trimmed) ? b.keyInvalid : isKeyTaken(trimmed) ? b.keyDuplicate : '');
  };

  // A new key is applied when the key input is left, not per keystroke: the field's row is
  // identified by its key, so renaming re-creates it; focus goes where the user was going.
  const onBlurCapture = (e: FocusEvent<HTMLDivElement>) => {
    if (!(e.target as HTMLElement).id.endsWith('_key') || keyDraft === null || keyError) return;
    const newKey = keyDraft.trim();
    const oldPrefix = `bld-${property.key}`;
    const goingTo = (e.relatedTarget as HTMLElement | null)?.id ?? '';
    setKeyDraft(null);
    onEdit(property.key, { patch: { key: newKey } }, goingTo.startsWith(oldPrefix) ? `bld-${newKey}${goingTo.slice(oldPrefix.length)}` : undefined);
  };

  return (
    <div className="bld-editor" onBlurCapture={onBlurCapture}>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        validator={ajv8}
        onChange={onChange}
        extraErrors={extraErrors}
        showErrorList={false}
        noHtml5Validate
        idPrefix={`bld-${property.key}`}
        translateString={translateSwedish}
        templates={{ ButtonTemplates: BUTTON_TEMPLATES }}
        className="bld-rjsf"
      />
      {listProblems.map((m) => (
        <p key={m} className="bld-list-error text-danger">{m}</p>
      ))}
      <Advanced property={property} def={def} keyValue={keyDraft ?? property.key} keyError={keyError || keyIssue} onKey={onKey} onEdit={onEdit} />
      <ValidatorToggles property={property} def={def} issues={issues} onEdit={onEdit} today={today} />
      <RuleEditor property={property} def={def} sources={sources} issues={issues} labelOf={labelOf} isKey={isKeyTaken} onEdit={onEdit} />
    </div>
  );
});

/**
 * What staff rarely need, folded away (issue 26): the key the answers are stored under (a
 * person field's is fixed) and whether the label is HTML. Opens by itself when the key is wrong.
 */
function Advanced({ property, def, keyValue, keyError, onKey, onEdit }: {
  property: MetadataProperty;
  def: FieldTypeDefinition;
  keyValue: string;
  keyError: string;
  onKey(typed: string): void;
  onEdit(key: string, change: FieldPatch): void;
}) {
  const id = `bld-${property.key}`;
  const hasHtml = Object.hasOwn((def.editor.properties ?? {}) as object, 'isHtml');
  return (
    <details className="bld-advanced" open={keyError !== '' || undefined}>
      <summary>{b.advanced}</summary>
      <div className="bld-advanced-body">
        <label htmlFor={`${id}_key`}>{b.key}</label>
        <input
          id={`${id}_key`}
          type="text"
          value={keyValue}
          readOnly={def.fixedKey !== undefined}
          aria-invalid={keyError !== '' || undefined}
          aria-describedby={`${id}_key-help`}
          onChange={(e) => onKey(e.target.value)}
        />
        <p id={`${id}_key-help`} className={keyError ? 'bld-key-error text-danger' : 'bld-help'}>{keyError || (def.fixedKey ? b.keyFixed : b.keyHelp)}</p>
        {hasHtml && (
          <div className="bld-check">
            <input
              id={`${id}_isHtml`}
              type="checkbox"
              checked={property.isHtml === true}
              onChange={(e) => onEdit(property.key, { patch: { isHtml: e.target.checked } })}
            />
            <label htmlFor={`${id}_isHtml`}>{b.isHtml}</label>
          </div>
        )}
      </div>
    </details>
  );
}

import { memo } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { RULE_NAMES, type BuilderIssue, type RuleSource } from '../../builder';
import type { FieldTypeDefinition } from '../../definitions';
import { htmlToText } from '../../sanitize';
import type { MetadataProperty } from '../../types';
import { FieldEditor } from './FieldEditor';
import { SortableList } from './SortableList';
import type { FieldPatch } from './state';
import { fill } from '../../fill';
import { ruleSummary } from './RuleEditor';

const b = sv.builder;

/** The text a field is known by in the builder's buttons and announcements. */
export function plainLabel(p: MetadataProperty | undefined): string {
  const raw = p?.label ?? '';
  const text = p?.isHtml ? htmlToText(raw) : raw.trim();
  return text || sv.engine.missingLabel;
}

/** Stable callbacks shared by every row (so a row re-renders only when its own field changes). */
export interface RowActions {
  toggleEdit(key: string): void;
  remove(key: string): void;
  addChild(key: string): void;
  moveChild(activeKey: string, overKey: string): void;
  edit(key: string, change: FieldPatch, focusId?: string): void;
  isKeyTaken(key: string): boolean;
  typeOf(type: string): FieldTypeDefinition | undefined;
  labelOf(key: string): string;
  /** The fields above `key` that a condition of it can read. */
  ruleSources(key: string): RuleSource[];
}

export interface FieldRowProps {
  property: MetadataProperty;
  /** The group's children (empty for other fields). */
  children: readonly MetadataProperty[];
  /** The key whose editor is open, when it is this field or one of its children. */
  editingKey: string | undefined;
  /** Problems of this field and its children. */
  issues: readonly BuilderIssue[];
  actions: RowActions;
  today: string;
}

const NONE: readonly MetadataProperty[] = [];

/** One field of the builder list: label, type, edit and delete, its editor when open, and a group's children. */
export const FieldRow = memo(function FieldRow({ property, children, editingKey, issues, actions, today }: FieldRowProps) {
  const def = actions.typeOf(property.type);
  const label = plainLabel(property);
  const editing = editingKey === property.key;
  const own = issues.filter((i) => i.key === property.key);
  const editorId = `bld-editor-${property.key}`;
  // A short fragment inside the sortable row (every element here is walked on each drag frame):
  // two groups, only so that a narrow row wraps between them and not inside a word.
  return (
    <>
      {/* One block, so on a narrow row the type goes under the label instead of breaking a word of it. */}
      <span className="bld-row-title">
        <span className={own.length ? 'bld-row-label bld-row-label-invalid' : 'bld-row-label'}>{label}</span>
        <span className="bld-row-type">{def?.title ?? property.type}</span>
        {issues.length > 0 && <span className="bld-row-problem">{b.rowHasErrors}</span>}
        {RULE_NAMES.map((name) => {
          const rule = property[name];
          return rule ? <span key={name} className="bld-row-rule">{ruleSummary(name, rule, actions.labelOf, actions.isKeyTaken)}</span> : null;
        })}
      </span>
      {/* Together: both on the label's line, or both on the next. */}
      <span className="bld-row-actions">
        <button
          type="button"
          className="bld-edit"
          aria-label={fill(b.editField, { label })}
          aria-expanded={editing}
          aria-controls={editing ? editorId : undefined}
          onClick={() => actions.toggleEdit(property.key)}
        >
          {b.edit}
        </button>
        <button type="button" className="bld-remove" aria-label={fill(b.removeField, { label })} onClick={() => actions.remove(property.key)}>
          {b.remove}
        </button>
      </span>
      {editing && def && (
        <div id={editorId} className="bld-row-wide">
          <FieldEditor
            property={property}
            def={def}
            children={children}
            issues={issues}
            isKeyTaken={actions.isKeyTaken}
            onEdit={actions.edit}
            today={today}
            sources={actions.ruleSources(property.key)}
            labelOf={actions.labelOf}
          />
        </div>
      )}
      {def?.groupLike && (
        <div className="bld-children bld-row-wide">
          {children.length === 0 ? (
            <p className="bld-empty">{b.noOptions}</p>
          ) : (
            <SortableList
              ids={children.map((c) => c.key)}
              label={fill(b.childrenOf, { label })}
              labelOf={actions.labelOf}
              onMove={actions.moveChild}
              className="bld-list bld-list-nested"
              renderItem={(key) => {
                const child = children.find((c) => c.key === key) as MetadataProperty;
                return (
                  <FieldRow
                    property={child}
                    children={NONE}
                    editingKey={editingKey === key ? key : undefined}
                    issues={issues.filter((i) => i.key === key)}
                    actions={actions}
                    today={today}
                  />
                );
              }}
            />
          )}
          <button type="button" className="bld-add-child" onClick={() => actions.addChild(property.key)}>
            {fill(b.addChild, { label, child: (actions.typeOf(def.childTypes?.[0] ?? '')?.title ?? b.option).toLowerCase() })}
          </button>
        </div>
      )}
    </>
  );
});

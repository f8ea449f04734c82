import { useId, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import type { BuilderIssue, RuleName, RuleSource } from '../../builder';
import { conditionSummary, isAgeOp, opsFor, type ConditionOp, type FieldCondition } from '../../conditions';
import type { FieldTypeDefinition } from '../../definitions';
import { fill } from '../../fill';
import type { MetadataProperty } from '../../types';
import type { FieldPatch } from './state';

const c = sv.conditions;
const OP_LABEL: Record<ConditionOp, string> = {
  equals: c.opEquals, oneOf: c.opOneOf, checked: c.opChecked, notEmpty: c.opNotEmpty, ageAtLeast: c.opAgeAtLeast, ageAtMost: c.opAgeAtMost,
};
/** The age a new age rule starts from: of age in Sweden. */
const START_AGE = 18;
const TOGGLE: Record<RuleName, string> = { visibleWhen: c.visibleToggle, requiredWhen: c.requiredToggle };
const SUMMARY: Record<RuleName, string> = { visibleWhen: c.visibleSummary, requiredWhen: c.requiredSummary };

/** 'Visas när Har körkort = Ja': a field's rule as its row and its editor show it. */
export function ruleSummary(name: RuleName, rule: FieldCondition, labelOf: (key: string) => string, isKey: (key: string) => boolean): string {
  return fill(SUMMARY[name], { rule: conditionSummary(rule, labelOf, (v) => (isKey(v) ? labelOf(v) : v)) });
}

/** A new rule on `s`: what its kind is most often asked (a choice: its first option). */
function startOn(s: RuleSource): FieldCondition {
  if (s.kind === 'check') return { field: s.key, op: 'checked' };
  if (s.kind === 'choice') return { field: s.key, op: 'equals', value: s.options[0]?.key ?? '' };
  return { field: s.key, op: 'notEmpty' };
}

/** The rule with another operator, keeping what it can of the answer. */
function withOp(rule: FieldCondition, op: ConditionOp, s: RuleSource): FieldCondition {
  if (isAgeOp(op)) return { field: rule.field, op, value: typeof rule.value === 'number' ? rule.value : START_AGE };
  const values = Array.isArray(rule.value) ? rule.value : typeof rule.value === 'string' ? [rule.value] : [];
  const first = s.kind === 'choice' ? (values[0] ?? s.options[0]?.key ?? '') : (values[0] ?? '');
  if (op === 'equals') return { field: rule.field, op, value: first };
  if (op === 'oneOf') return { field: rule.field, op, value: values.length ? values : [first] };
  return { field: rule.field, op };
}

interface Props {
  property: MetadataProperty;
  def: FieldTypeDefinition;
  /** The fields above this one a rule can read. */
  sources: readonly RuleSource[];
  issues: readonly BuilderIssue[];
  labelOf(key: string): string;
  isKey(key: string): boolean;
  onEdit(key: string, change: FieldPatch): void;
}

/** The conditions of one field: shown only when…, required only when… (no code, issue 18). */
export function RuleEditor(props: Props) {
  const { def, property } = props;
  const names: RuleName[] = [];
  // A field that is always required (E-post) is neither hidden nor required only sometimes.
  const always = def.requiredness === 'always';
  if ((def.answer !== null || def.groupLike) && !always) names.push('visibleWhen');
  if (def.requiredValidator && property.required !== true && !always) names.push('requiredWhen');
  if (names.length === 0) return null;
  return (
    <fieldset className="bld-validators bld-rules">
      <legend>{c.legend}</legend>
      {names.map((n) => <Rule key={n} name={n} {...props} />)}
    </fieldset>
  );
}

function Rule({ name, property, sources, issues, labelOf, isKey, onEdit }: Props & { name: RuleName }) {
  const id = useId();
  const rule = property[name] ?? null;
  const source = rule ? sources.find((s) => s.key === rule.field) : undefined;
  const set = (next: FieldCondition | undefined) => onEdit(property.key, { patch: { [name]: next }, own: true });
  const first = sources[0];
  // A new condition starts empty and asks for its field first (issue 26): nothing is stored until one is chosen.
  const [picking, setPicking] = useState(false);
  const open = rule !== null || picking;
  const problems = issues.filter((i) => i.key === property.key && i.path === name);
  return (
    <div className="bld-rule" role="group" aria-label={TOGGLE[name]}>
      <div className="bld-check">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={open}
          disabled={rule === null && !first}
          onChange={(e) => {
            setPicking(e.target.checked && rule === null);
            if (!e.target.checked && rule !== null) set(undefined);
          }}
        />
        <label htmlFor={`${id}-on`}>{TOGGLE[name]}</label>
      </div>
      {rule === null && !first && <p className="bld-help">{c.noSource}</p>}
      {open && (
        <div className="bld-rule-body">
          <label htmlFor={`${id}-field`}>{c.field}</label>
          <select
            id={`${id}-field`}
            value={rule?.field ?? ''}
            onChange={(e) => {
              const s = sources.find((x) => x.key === e.target.value);
              if (!s) return;
              setPicking(false);
              set(startOn(s));
            }}
          >
            {rule === null && <option value="">{c.chooseField}</option>}
            {rule !== null && !source && <option value={rule.field}>{rule.field}</option>}
            {sources.map((s) => (
              <option key={s.key} value={s.key}>{labelOf(s.key)}</option>
            ))}
          </select>
          {rule !== null && source && (
            <>
              <label htmlFor={`${id}-op`}>{c.opLabel}</label>
              <select id={`${id}-op`} value={rule.op} onChange={(e) => set(withOp(rule, e.target.value as ConditionOp, source))}>
                {opsFor(source.kind).map((op) => (
                  <option key={op} value={op}>{OP_LABEL[op]}</option>
                ))}
              </select>
              <RuleValue id={id} rule={rule} source={source} labelOf={labelOf} set={set} />
            </>
          )}
          {rule !== null && <p className="bld-rule-summary">{ruleSummary(name, rule, labelOf, isKey)}</p>}
          {problems.map((p) => (
            <p key={p.message} className="bld-rule-error text-danger">{p.message}</p>
          ))}
        </div>
      )}
    </div>
  );
}

function RuleValue({ id, rule, source, labelOf, set }: { id: string; rule: FieldCondition; source: RuleSource; labelOf(key: string): string; set(next: FieldCondition): void }) {
  if (isAgeOp(rule.op)) {
    return (
      <>
        <label htmlFor={`${id}-value`}>{c.ageLabel}</label>
        <input
          id={`${id}-value`}
          type="number"
          inputMode="numeric"
          min={0}
          max={150}
          step={1}
          value={typeof rule.value === 'number' ? rule.value : ''}
          onChange={(e) => set({ ...rule, value: e.target.value === '' ? undefined : Number(e.target.value) })}
        />
      </>
    );
  }
  if (rule.op !== 'equals' && rule.op !== 'oneOf') return null;
  const values = Array.isArray(rule.value) ? rule.value : typeof rule.value === 'string' ? [rule.value] : [];
  if (source.kind === 'choice' && rule.op === 'equals') {
    return (
      <>
        <label htmlFor={`${id}-value`}>{c.valueLabel}</label>
        <select id={`${id}-value`} value={values[0] ?? ''} onChange={(e) => set({ ...rule, value: e.target.value })}>
          {source.options.map((o) => (
            <option key={o.key} value={o.key}>{labelOf(o.key)}</option>
          ))}
        </select>
      </>
    );
  }
  if (source.kind === 'choice') {
    const toggle = (key: string, on: boolean) => {
      const next = source.options.map((o) => o.key).filter((k) => (k === key ? on : values.includes(k)));
      set({ ...rule, value: next });
    };
    return (
      <fieldset className="bld-rule-values">
        <legend>{c.valueLabel}</legend>
        {source.options.map((o) => (
          <div key={o.key} className="bld-check">
            <input id={`${id}-v-${o.key}`} type="checkbox" checked={values.includes(o.key)} onChange={(e) => toggle(o.key, e.target.checked)} />
            <label htmlFor={`${id}-v-${o.key}`}>{labelOf(o.key)}</label>
          </div>
        ))}
      </fieldset>
    );
  }
  if (rule.op === 'equals') {
    return (
      <>
        <label htmlFor={`${id}-value`}>{c.valueLabel}</label>
        <input id={`${id}-value`} type="text" value={values[0] ?? ''} onChange={(e) => set({ ...rule, value: e.target.value })} />
      </>
    );
  }
  return (
    <>
      <label htmlFor={`${id}-value`}>{c.valuesLabel}</label>
      <textarea
        id={`${id}-value`}
        rows={3}
        value={values.join('\n')}
        onChange={(e) => set({ ...rule, value: e.target.value.split('\n') })}
      />
    </>
  );
}

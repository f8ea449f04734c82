import { useEffect, useId, useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import sv from '../../../schemas/messages/sv.json';
import { textToYears, yearsToText, type BuilderIssue } from '../../builder';
import type { FieldTypeDefinition } from '../../definitions';
import type { MetadataProperty } from '../../types';
import { addError, NO_SUBMIT, translateSwedish } from './rjsf';
import type { FieldPatch } from './state';
import { ajv8 } from './validator';
import { BUTTON_TEMPLATES } from './rjsfButtons';

const b = sv.builder;

/** The validators the spec lets staff switch on and off in the field editors (document 2 §5). */
const TOGGLED_VALIDATORS = ['allowedYears', 'allowedAgeInPeriod'] as const;

const YEARS_SCHEMA: RJSFSchema = { type: 'array', title: b.allowedYearsList, items: { type: 'integer', title: b.birthYear } };
const AGE_SCHEMA: RJSFSchema = {
  type: 'object',
  properties: {
    startDate: { type: 'string', format: 'date', title: b.periodStart },
    endDate: { type: 'string', format: 'date', title: b.periodEnd },
    minAge: { type: 'integer', title: b.minAge },
    maxAge: { type: 'integer', title: b.maxAge },
  },
};
const UI: UiSchema = { ...NO_SUBMIT };

interface Props {
  property: MetadataProperty;
  def: FieldTypeDefinition;
  issues: readonly BuilderIssue[];
  onEdit(key: string, change: FieldPatch): void;
  today: string;
}

function errorsAt(issues: readonly BuilderIssue[], key: string, validator: string): ErrorSchema {
  const schema: ErrorSchema = {};
  const prefix = `validators.${validator}`;
  for (const i of issues) {
    if (i.key !== key || !i.path.startsWith(prefix)) continue;
    const rest = i.path.slice(prefix.length + 1);
    addError(schema, rest ? rest.split('.') : [], i.message);
  }
  return schema;
}

/** Allowed birth years: edited as a list, stored as comma-separated text. The list keeps empty rows while typing. */
function YearsEditor({ property, data, issues, onEdit }: { property: MetadataProperty; data: unknown; issues: readonly BuilderIssue[]; onEdit: Props['onEdit'] }) {
  const stored = typeof data === 'string' ? data : '';
  const [years, setYears] = useState<(number | undefined)[]>(() => {
    const list = textToYears(stored);
    return list.length ? list : [undefined];
  });
  useEffect(() => {
    // Undo/redo changed the stored text: show it.
    if (yearsToText(years.filter((y): y is number => y !== undefined)) !== stored) {
      const list = textToYears(stored);
      setYears(list.length ? list : [undefined]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the stored text (undo/redo) resets the rows; typing must not
  }, [stored]);
  return (
    <Form
      schema={YEARS_SCHEMA}
      uiSchema={UI}
      formData={years}
      validator={ajv8}
      idPrefix={`bld-${property.key}-years`}
      translateString={translateSwedish}
      templates={{ ButtonTemplates: BUTTON_TEMPLATES }}
      extraErrors={errorsAt(issues, property.key, 'allowedYears')}
      showErrorList={false}
      noHtml5Validate
      onChange={(e) => {
        const next = (e.formData ?? []) as (number | undefined)[];
        setYears(next);
        const text = yearsToText(next.filter((y): y is number => y !== undefined && y !== null));
        if (text !== stored) onEdit(property.key, { patch: {}, validators: { allowedYears: text } });
      }}
    />
  );
}

/**
 * The validator toggles of one field. Turning a toggle off removes the validator (it is not
 * left behind with empty data); turning it on attaches it with starting data to edit.
 */
export function ValidatorToggles({ property, def, issues, onEdit, today }: Props) {
  const id = useId();
  const available = useMemo(() => TOGGLED_VALIDATORS.filter((v) => def.validators.includes(v)), [def]);
  if (available.length === 0) return null;
  const attached = (name: string) => property.validators?.find((v) => v.name === name);
  const toggle = (name: string, on: boolean) => {
    const start = name === 'allowedYears' ? '' : { startDate: today, endDate: today, minAge: 1, maxAge: 100 };
    onEdit(property.key, { patch: {}, validators: { [name]: on ? start : undefined }, own: true });
  };
  return (
    <fieldset className="bld-validators">
      <legend>{b.validatorsLegend}</legend>
      {available.map((name) => {
        const v = attached(name);
        const boxId = `${id}-${name}`;
        return (
          <div key={name} className="bld-validator">
            <div className="bld-check">
              <input id={boxId} type="checkbox" checked={!!v} onChange={(e) => toggle(name, e.target.checked)} />
              <label htmlFor={boxId}>{name === 'allowedYears' ? b.toggleAllowedYears : b.toggleAgeInPeriod}</label>
            </div>
            {v && name === 'allowedYears' && <YearsEditor property={property} data={v.data} issues={issues} onEdit={onEdit} />}
            {v && name === 'allowedAgeInPeriod' && (
              <Form
                schema={AGE_SCHEMA}
                uiSchema={UI}
                formData={(v.data ?? {}) as object}
                validator={ajv8}
                idPrefix={`bld-${property.key}-age`}
                translateString={translateSwedish}
                templates={{ ButtonTemplates: BUTTON_TEMPLATES }}
                extraErrors={errorsAt(issues, property.key, 'allowedAgeInPeriod')}
                showErrorList={false}
                noHtml5Validate
                onChange={(e) => {
                  if (JSON.stringify(e.formData) !== JSON.stringify(v.data)) onEdit(property.key, { patch: {}, validators: { allowedAgeInPeriod: e.formData } });
                }}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

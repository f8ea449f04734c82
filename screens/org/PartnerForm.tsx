import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import sv from '../../schemas/messages/sv.json';
import { createRjsfValidator } from '../../engine/react/rjsf-validator';
import { translateSwedish } from '../../engine/react/builder/rjsf';
// The partner forms are laid out as every other admin form (a label above its field).
import '../runner/runner.css';

const t = sv.org;
const validator = createRjsfValidator();

export interface PartnerType {
  typeId: 2 | 3;
  name: string;
  schema: Record<string, unknown>;
}

export interface PartnerItem {
  typeId: number;
  name: string;
  id: number;
  isChecked: boolean;
  positionId?: number;
  data: Record<string, unknown>;
}

/** The type's schema as a form: without its ids, and without required fields for the organisation's defaults. */
function formSchema(type: PartnerType, complete: boolean): RJSFSchema {
  const { $id, $schema, title, description, required, anyOf, ...rest } = type.schema;
  return (complete ? { ...rest, ...(required ? { required } : {}) } : rest) as RJSFSchema;
}

/** `details` paths under `base` (e.g. /settings/0/data) as RJSF extraErrors, so each message sits at its field. */
function extraErrorsAt(errors: Record<string, string>, base: string) {
  const out: Record<string, { __errors: string[] }> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (!path.startsWith(`${base}/`)) continue;
    const key = path.slice(base.length + 1).split('/')[0]!;
    (out[key] ??= { __errors: [] }).__errors.push(message);
  }
  return out;
}

/**
 * One partner type's settings: in use / publish there, and its fields as a form generated from
 * the type's JSON Schema (get_positionsPartnersBuilderQuery). Required fields are marked when
 * `complete` (a position to be published); the server checks them and its messages show at
 * each field.
 */
export function PartnerForm({ type, item, onChange, checkLabel, complete, errors, base }: {
  type: PartnerType;
  item: PartnerItem;
  onChange(item: PartnerItem): void;
  checkLabel: string;
  complete: boolean;
  errors: Record<string, string>;
  base: string;
}) {
  const checkId = `partner-${type.typeId}-checked`;
  return (
    <fieldset className="adm-fieldset org-section">
      <legend>{type.name}</legend>
      <div className="adm-check">
        <input id={checkId} type="checkbox" checked={item.isChecked} onChange={(e) => onChange({ ...item, isChecked: e.target.checked })} />
        <label htmlFor={checkId}>{checkLabel}</label>
      </div>
      {complete && <p className="adm-hint">{t.partnerRequiredHint}</p>}
      <Form
        schema={formSchema(type, complete)}
        formData={item.data}
        validator={validator}
        onChange={(e) => onChange({ ...item, data: (e.formData ?? {}) as Record<string, unknown> })}
        extraErrors={extraErrorsAt(errors, base) as never}
        showErrorList={false}
        noHtml5Validate
        translateString={translateSwedish}
        idPrefix={`partner-${type.typeId}`}
        tagName="div"
        className="scr-form"
      >
        <></>
      </Form>
    </fieldset>
  );
}

import { useMemo } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { createRjsfValidator } from '../../engine/react/rjsf-validator';
import { translateSwedish } from '../../engine/react/builder/rjsf';
import { useSession } from './session/session';
import type { BindingContext } from './bindings';
import { sameAsCheck, screenFormErrors } from './formErrors';
import { FormFrame, topDefaults, useFormPart, type FormPart } from './formPart';
import { resolveRefs } from './refs';
import type { ScreenFile } from './types';
import type { Data } from './useScreenData';
import { adminWidgets, type WidgetContext } from './widgets';
import { templates, uiSchemaOf, withBusy, withReadonly } from './formTemplates';
import { adminFields } from './AllOrSomeField';
import './runner.css';

const entityFiles = import.meta.glob<unknown>('/schemas/entities/*.json', { eager: true, import: 'default' });
const entities = new Map(Object.entries(entityFiles).map(([p, s]) => [p.replace(/^.*\//, ''), s]));
const validator = createRjsfValidator();
const validatorNames = import.meta.glob<string>('/schemas/validators/*.json', { eager: true, import: 'name' });
/** The engine's validator keywords (`x-validEmail`) a form schema may use. */
const keywords = new Set(Object.values(validatorNames).map((n) => `x-${n}`));

/**
 * A form (docs/screens.md) drawn by RJSF: the schema (entity `$ref`s inlined) on the engine's
 * ajv with Swedish errors, in `sections`, with the admin widgets; `load` fills it (`pick`,
 * `find` one row), the heading may bind the loaded data, `intro` says what it is for. What it
 * does besides drawing (save, session, outcome, links) is formPart.tsx's, shared with the
 * light form of plain fields (LightForm.tsx).
 */
export function FormPartView({ part, screen, level = 1, onSaved, onSubmit }: { part: FormPart; screen: ScreenFile; level?: 1 | 2; onSaved?: (done: BindingContext) => void; onSubmit?: () => void }) {
  const { container } = useSession();
  const schema = useMemo(() => resolveRefs(part.schema, entities, [], (k) => keywords.has(k)) as RJSFSchema, [part.schema]);
  const defaults = useMemo(() => topDefaults(schema), [schema]);
  const s = useFormPart(part, defaults, level, { onSaved, onSubmit });
  const uiSchema = useMemo(() => uiSchemaOf(part.uiSchema as UiSchema | undefined), [part.uiSchema]);
  const customValidate = useMemo(() => sameAsCheck(uiSchema), [uiSchema]);
  const formContext = useMemo(() => ({ sections: part.sections, containerId: container?.id } satisfies WidgetContext & { sections: unknown }), [part.sections, container?.id]);
  const readonly = useMemo(() => withReadonly(uiSchema, schema, part.readonlyFrom, s.data), [uiSchema, schema, part.readonlyFrom, s.data]);
  const ui = useMemo(() => withBusy(readonly.ui, s.busy, part.busy), [readonly.ui, s.busy, part.busy]);

  return (
    <FormFrame part={part} screen={screen} level={level} state={s} noted={readonly.names.length > 0}>
      <Form
        schema={schema}
        uiSchema={ui}
        formData={s.formData}
        // Controlled: what was typed survives every re-render (a failed save keeps it).
        onChange={(e) => s.setFormData((e.formData ?? {}) as Data)}
        validator={validator}
        customValidate={customValidate}
        onSubmit={(e) => void s.submit(e.formData as Data | undefined)}
        extraErrors={s.extraErrors as ErrorSchema | undefined}
        transformErrors={screenFormErrors}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        translateString={translateSwedish}
        idPrefix={s.idPrefix}
        widgets={adminWidgets}
        fields={adminFields}
        templates={templates}
        formContext={formContext}
      />
    </FormFrame>
  );
}

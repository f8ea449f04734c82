import { useCallback, useEffect, useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useNavigate } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { createRjsfValidator } from '../../engine/react/rjsf-validator';
import { translateSwedish } from '../../engine/react/builder/rjsf';
import { dispatchByName } from '../api';
import { useSession } from '../admin/session';
import { useToast } from '../shared/toast';
import { dataSchemaOf } from './actionTypes';
import { fillData, fillText, pointer } from './bindings';
import { resolveRefs } from './refs';
import { layoutOf } from './Screen';
import { Failure, Loading } from './states';
import type { ScreenFile } from './types';
import { useBindingContext } from './useBindingContext';
import './runner.css';

const entityFiles = import.meta.glob<unknown>('/schemas/entities/*.json', { eager: true, import: 'default' });
const entities = new Map(Object.entries(entityFiles).map(([p, s]) => [p.replace(/^.*\//, ''), s]));
const validator = createRjsfValidator();

type Data = Record<string, unknown>;

/**
 * A `form` screen (docs/screens.md): the schema (entity `$ref`s inlined) rendered by RJSF on
 * the engine's ajv with Swedish errors; `load` fills it (`pick` points at the form data in
 * the answer), `save` sends it ('{form}' / '{form.x}'), then `toast` and `next`. The server's
 * refusal is shown at the form and as an error toast; nothing is lost on failure.
 */
export default function FormScreen({ screen }: { screen: ScreenFile }) {
  const ctx = useBindingContext();
  const { handleError } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const schema = useMemo(() => resolveRefs(screen.schema, entities) as RJSFSchema, [screen.schema]);
  const uiSchema = useMemo<UiSchema>(() => ({ 'ui:submitButtonOptions': { submitText: sv.screens.save }, ...((screen.uiSchema ?? {}) as UiSchema) }), [screen.uiSchema]);
  const [formData, setFormData] = useState<Data | null>(screen.load ? null : {});
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    const load = screen.load;
    if (!load) return;
    let live = true;
    setLoadFailed(false);
    dispatchByName(load.action, fillData(load.data ?? {}, ctx, dataSchemaOf(load.action)))
      .then((answer) => {
        if (!live) return;
        const picked = pointer(answer, load.pick);
        setFormData(picked && typeof picked === 'object' ? (picked as Data) : {});
      })
      .catch((err: unknown) => {
        if (!live) return;
        handleError(err);
        setLoadFailed(true);
      });
    return () => {
      live = false;
    };
  }, [screen.load, ctx, handleError, attempt]);

  const submit = useCallback(
    async ({ formData: form }: IChangeEvent<Data>) => {
      const save = screen.save;
      if (!save || busy) return;
      setBusy(true);
      setError('');
      const full = { ...ctx, form: form ?? {} };
      try {
        const answer = await dispatchByName(save.action, fillData(save.data ?? '{form}', full, dataSchemaOf(save.action)));
        setFormData(form ?? {});
        if (screen.toast) toast.show(screen.toast);
        if (screen.next) void navigate(fillText(screen.next, { ...full, answer }, true));
      } catch (err) {
        const msg = handleError(err);
        setError(msg);
        toast.show(msg, 'error');
      } finally {
        setBusy(false);
      }
    },
    [screen, ctx, busy, toast, navigate, handleError],
  );

  return (
    <div className="scr-form">
      {layoutOf(screen) !== 'session' && <h1>{screen.title}</h1>}
      {loadFailed && <Failure onRetry={() => setAttempt((a) => a + 1)} />}
      {!loadFailed && formData === null && <Loading />}
      {formData !== null && (
        <Form
          schema={schema}
          uiSchema={uiSchema}
          formData={formData}
          // Controlled: what was typed survives every re-render (a failed save keeps it).
          onChange={(e) => setFormData((e.formData ?? {}) as Data)}
          validator={validator}
          onSubmit={(e) => void submit(e)}
          showErrorList={false}
          noHtml5Validate
          translateString={translateSwedish}
          idPrefix={`scr-${screen.id}`}
        />
      )}
      {error && (
        <p role="alert" className="adm-error">
          {error}
        </p>
      )}
    </div>
  );
}

import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import type { FieldError } from '../../../engine/types';
import { ShownForm } from '../../../engine/react/ShownForm';
import { FormEngineProvider } from '../../../engine/react/context';
import { publicFormEngine } from '../../../widgets/precompiled';
import { loadChunk } from '../../chunks';
import { Loading } from '../../runner/states';
import { fieldErrorsOf } from '../../../engine/error-details';
import { isMaskedPersonnummer } from '../../../engine/personnummer';
import { ApiError } from '../../api';
import { useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { call } from '../call';
import type { ApplicantDetail } from '../types';
import { useBusy } from '../../shared/useBusy';
import { Card } from './Card';
import { Facts, hiddenText } from './Cards';
import { BusyButton } from '../../shared/BusyButton';

const t = sv.applicants.applicant;

/** The entry form (compiler, ajv, every widget) loads when staff start editing, not with the page (issue 27 item 1). */
const CompilingForm = lazy(() => loadChunk('CompilingForm', () => import('./CompilingForm')));

interface Props {
  a: ApplicantDetail;
  canWrite: boolean;
  showAge: boolean;
  showGender: boolean;
  onSaved(a: ApplicantDetail): void;
}

/**
 * The answers in the engine's read-only mode, drawn with the form the server compiled
 * (`shownForm`: no compiler, ajv or sanitiser on the page); for writers, 'Ändra svar' turns them into the
 * engine's entry form with the answers filled in (update_jobApplicant). The server checks the
 * answers against the form version the application answered; its field errors come back to
 * the fields, anything else (a colleague's edit at the same time, an erased application) is
 * said above the form. 'Avbryt' leaves the answers as they were. While the applicant is
 * anonymous, the hidden answers read 'Dolt till steget …' and there is no 'Ändra svar'.
 */
export function AnswersCard({ a, canWrite, showAge, showGender, onSaved }: Props) {
  const { handleError } = useSession();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const { busy, run } = useBusy();
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const hidden = useMemo(() => (a.hidden ? { keys: a.hidden.keys, text: hiddenText(a.hidden.until) } : undefined), [a.hidden]);
  // A personnummer shown masked goes back as it is and the server keeps the stored one (applicant-edit.ts).
  const kept = useMemo(() => Object.fromEntries(Object.entries(a.metadata ?? {}).filter(([, v]) => isMaskedPersonnummer(v))), [a.metadata]);
  const form = useMemo(() => ({ metadata: a.form, key: `position-${a.positionId}`, version: a.formVersion }), [a.form, a.positionId, a.formVersion]);

  useEffect(() => {
    // The entry form focuses its first field itself once its code has drawn it (CompilingForm.tsx).
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  function close() {
    returnFocus.current = true;
    setServerErrors([]);
    setProblem(null);
    setEditing(false);
  }

  async function save(answers: Record<string, unknown>) {
    setProblem(null);
    try {
      const updated = await run(() => call('update_jobApplicant', { applicant: { id: a.id, metadata: answers } }));
      onSaved(updated);
      toast.show(sv.toast.saved, 'success');
      close();
    } catch (err) {
      const fields = err instanceof ApiError && err.status === 400 ? fieldErrorsOf(err.body.details) : [];
      if (fields.length) setServerErrors(fields);
      setProblem(err instanceof ApiError && err.status === 404 ? t.missing : handleError(err));
    }
  }

  return (
    <Card title={t.answers}>
      <Facts a={a} showAge={showAge} showGender={showGender} />
      {!editing && (
        <>
          {/* Without the answered form version (data older than form versions) there is nothing to edit with;
              while the applicant is anonymous the answers staff may not see cannot be edited either. */}
          {canWrite && a.form.length > 0 && !a.anonymous && (
            <p>
              <button ref={editButton} type="button" className="adm-button" onClick={() => setEditing(true)}>{t.edit}</button>
            </p>
          )}
          <FormEngineProvider engine={publicFormEngine()}>
            <ShownForm shown={a.shownForm} answers={a.metadata} {...(hidden ? { hidden } : {})} />
          </FormEngineProvider>
        </>
      )}
      {editing && (
        <div className="apl-edit">
          <p>{t.editIntro}</p>
          {problem && <p className="adm-form-error" role="alert">{problem}</p>}
          <Suspense fallback={<Loading />}>
            <CompilingForm focusFirst form={form} mode="entry" answers={a.metadata} serverErrors={serverErrors} kept={kept} submitLabel={t.editSave} disabled={busy} onSubmit={save} />
          </Suspense>
          <p>
            <BusyButton type="button" className="adm-button" busy={busy} onClick={close}>{t.editCancel}</BusyButton>
          </p>
        </div>
      )}
    </Card>
  );
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError } from '../api';
import { call } from '../applicants/call';
import { useContainer, useSession } from '../admin/session';
import { LabelsCard, LogCard, NotesCard } from '../applicants/detail/Cards';
import { AnswersCard } from '../applicants/detail/AnswersCard';
import { FilesCard } from '../applicants/detail/FilesCard';
import { ScorecardPanel } from '../applicants/detail/ScorecardPanel';
import ApplicantSkills from '../skills/ApplicantSkills';
import { StepNav } from '../applicants/detail/StepNav';
import type { ApplicantDetail, Label } from '../applicants/types';
import { usePositionWrite } from '../applicants/usePositionRights';
import { SendEmailDialog } from '../applicants/mail/SendEmailDialog';
import { TemplateOffer } from '../applicants/mail/TemplateOffer';
import { useScreenTitle } from '../runner/title';
import type { ViewProps } from '../runner/types';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import '../applicants/applicants.css';
import { fill } from '../../engine/fill';
import '../../widgets/register';

const t = sv.applicants.applicant;

/** /admin/positions/:id/applicants/:applicantId — one application (issue 9 part 2). */
export default function ApplicantPage(_: ViewProps) {
  const params = useParams();
  const positionId = Number(params.id);
  const id = Number(params.applicantId);
  const { handleError } = useSession();
  const [a, setA] = useState<ApplicantDetail | null>(null);
  const [failure, setFailure] = useState<'missing' | 'error' | null>(null);
  const [attempt, setAttempt] = useState(0);
  useScreenTitle(a ? a.info.name || a.email : undefined);

  useEffect(() => {
    let live = true;
    setFailure(null);
    setA(null);
    if (!Number.isSafeInteger(id) || id < 1) {
      setFailure('missing');
      return;
    }
    call('get_applicantPosition', { id })
      .then((d) => {
        if (!live) return;
        if (d.positionId !== positionId) setFailure('missing');
        else setA(d);
      })
      .catch((err: unknown) => {
        if (!live) return;
        handleError(err);
        setFailure(err instanceof ApiError && (err.status === 404 || err.status === 403) ? 'missing' : 'error');
      });
    return () => {
      live = false;
    };
  }, [id, positionId, attempt, handleError]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  if (failure === 'missing') {
    return (
      <>
        <h1>{t.missingTitle}</h1>
        <p>{t.missing}</p>
        <p><Link to={`/admin/positions/${positionId}`}>{t.back}</Link></p>
      </>
    );
  }
  if (failure === 'error') {
    return (
      <div role="alert" className="adm-error">
        <h1>{t.title}</h1>
        <p>{sv.applicants.error}</p>
        <button type="button" className="adm-button" onClick={reload}>{sv.applicants.retry}</button>
      </div>
    );
  }
  if (!a) return <p role="status" className="adm-loading">{sv.applicants.loading}</p>;
  return <Detail a={a} onChange={setA} reload={reload} />;
}

function Detail({ a, onChange, reload }: { a: ApplicantDetail; onChange(a: ApplicantDetail): void; reload(): void }) {
  const container = useContainer();
  const { rights, handleError } = useSession();
  const canWrite = usePositionWrite(a.positionId);
  const navigate = useNavigate();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [mailing, setMailing] = useState<false | { labelId?: number }>(false);
  // After a move to an Interest label: its template is offered (TemplateOffer), for the position's type.
  const [offer, setOffer] = useState<number | null>(null);
  const [positionTypeId, setPositionTypeId] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    call('get_position', { id: a.positionId }).then(
      (p) => live && setPositionTypeId(p.positionTypeId),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [a.positionId]);
  const labels = useMemo(() => (container.labels as Label[] | undefined) ?? [], [container.labels]);
  const profile = (container.profile ?? {}) as { showAge?: boolean; showGender?: boolean };
  const name = a.info.name || `${a.info.firstname} ${a.info.lastname}`.trim() || a.email;
  // A saved scorecard adds to the log: read the application again without the loading state.
  const refreshQuietly = useCallback(() => {
    call('get_applicantPosition', { id: a.id }).then(onChange).catch(() => undefined);
  }, [a.id, onChange]);

  async function removeApplication() {
    if (!(await confirm({ message: fill(t.deleteApplicationConfirm, { name }), confirmLabel: t.deleteApplication, danger: true }))) return;
    try {
      await call('delete_jobapplication', { positionId: a.positionId, id: a.id });
      toast.show(sv.toast.applicationDeleted, 'success');
      navigate(`/admin/positions/${a.positionId}`);
    } catch (err) {
      toast.show(handleError(err), 'error');
    }
  }
  async function removePerson() {
    if (!(await confirm({ message: fill(t.removePersonConfirm, { name, email: a.email }), confirmLabel: t.removePerson, danger: true }))) return;
    try {
      await call('delete_ApplicantFromContainer', { containerId: container.id, userId: a.userId });
      toast.show(sv.toast.applicantRemoved, 'success');
      navigate(`/admin/positions/${a.positionId}`);
    } catch (err) {
      toast.show(handleError(err), 'error');
    }
  }

  return (
    <div className="apl-page">
      <StepNav positionId={a.positionId} id={a.id} />
      <h1>{name}</h1>
      <p>{a.position?.name}</p>
      {canWrite && (
        <p>
          <button type="button" className="adm-button" onClick={() => setMailing({})}>{t.mail}</button>
        </p>
      )}
      {mailing && (
        <SendEmailDialog
          isOpen
          recipients={[{ id: a.id, name, email: a.email }]}
          positionId={a.positionId}
          {...(positionTypeId !== null ? { positionTypeId } : {})}
          {...(mailing.labelId !== undefined ? { labelId: mailing.labelId } : {})}
          onClose={(outcome) => {
            setMailing(false);
            if (outcome) setOffer(null);
            // The send (or its failure) is in the log now.
            if (outcome) reload();
          }}
        />
      )}
      <div className="apl-detail">
        <div>
          <AnswersCard a={a} canWrite={canWrite} showAge={profile.showAge === true} showGender={profile.showGender === true} onSaved={onChange} />
          <FilesCard a={a} />
          <ApplicantSkills applicantId={a.id} containerId={container.id} />
        </div>
        <div>
          <LabelsCard
            key={`${a.interestLabelId}-${a.processLabelId}`}
            a={a}
            labels={labels}
            canWrite={canWrite}
            onSaved={(movedTo) => {
              setOffer(movedTo ?? null);
              reload();
            }}
          />
          <ScorecardPanel applicantId={a.id} onSaved={refreshQuietly} />
          {offer !== null && positionTypeId !== null && (
            <TemplateOffer
              containerId={container.id}
              positionId={a.positionId}
              positionTypeId={positionTypeId}
              labelId={offer}
              ids={[a.id]}
              name={name}
              onEdit={() => setMailing({ labelId: offer })}
              onDone={(outcome) => {
                setOffer(null);
                if (outcome) reload();
              }}
            />
          )}
          <NotesCard a={a} canWrite={canWrite} onSaved={onChange} />
          <LogCard a={a} {...(canWrite ? { onResent: reload } : {})} />
          {canWrite && (
            <section className="apl-card" aria-labelledby="apl-danger-h">
              <h2 id="apl-danger-h">{t.danger}</h2>
              <div className="adm-actions">
                <button type="button" className="adm-button adm-button-danger" onClick={() => void removeApplication()}>{t.deleteApplication}</button>
                {rights.admin && (
                  <button type="button" className="adm-button adm-button-danger" onClick={() => void removePerson()}>{t.removePerson}</button>
                )}
              </div>
            </section>
          )}
        </div>
      </div>
      {dialog}
    </div>
  );
}

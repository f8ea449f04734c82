import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import sv from '../../../schemas/messages/sv.json';
import { call } from '../call';
import { useContainer } from '../../runner/session/session';
import { LabelsCard, LogCard, NotesCard } from './Cards';
import { AnswersCard } from './AnswersCard';
import { FilesCard } from './FilesCard';
import { ScorecardPanel } from './ScorecardPanel';
import { ReferencesCard } from './ReferencesCard';
import { PrivacyCard } from './PrivacyCard';
import { InterviewsCard } from './InterviewsCard';
import ApplicantSkills from '../../skills/ApplicantSkills';
import { StepNav } from './StepNav';
import type { ApplicantDetail } from '../types';
import { usePositionWrite } from '../usePositionRights';
import { SendEmailDialog } from '../mail/SendEmailDialog';
import { TemplateOffer } from '../mail/TemplateOffer';
import type { ViewProps } from '../../runner/types';
import '../applicants.css';

const t = sv.applicants.applicant;

/**
 * The view block of /admin/positions/:id/applicants/:applicantId (schemas/screens/applicant.json;
 * the name as the heading, the position, delete and remove with confirmation and the not-found
 * state are the page's head block, whose loaded application arrives here as `given`): answers
 * in the engine's view mode, files, skills, labels, scorecard, template offer, notes and log,
 * previous/next under the list's filter. It stays code: each card edits in place, and a move to
 * a label (Interest or Process) offers its template, in view and focused. After a change the head loads again (`reload`).
 */
export default function ApplicantPage({ given, reload }: ViewProps) {
  const positionId = Number(useParams().id);
  const loaded = given?.action === 'get_applicantPosition' ? given.answer : undefined;
  const [a, setA] = useState<ApplicantDetail | undefined>(loaded);
  // A reloaded head is the newest application.
  useEffect(() => setA(loaded), [loaded]);
  const navigate = useNavigate();
  const elsewhere = a !== undefined && a.positionId !== positionId;
  useEffect(() => {
    // An application of another position: show it under its own position.
    if (elsewhere) void navigate(`/admin/positions/${a.positionId}/applicants/${a.id}`, { replace: true });
  }, [elsewhere, a, navigate]);
  const again = useCallback(() => reload?.(), [reload]);
  if (!a || elsewhere) return null;
  return <Detail a={a} onChange={setA} reload={again} />;
}

function Detail({ a, onChange, reload }: { a: ApplicantDetail; onChange(a: ApplicantDetail): void; reload(): void }) {
  const container = useContainer();
  const canWrite = usePositionWrite(a.positionId);
  const [mailing, setMailing] = useState<false | { labelId?: number }>(false);
  // After a move to an Interest label or a Process level: its template is offered (TemplateOffer), for the position's type.
  const [offers, setOffers] = useState<number[]>([]);
  // Each save is asked afresh (in view and focused), also when it moves to the same label again.
  const [saves, setSaves] = useState(0);
  // The position's type picks the mail templates. The head's answer names the position but not
  // its type, so the position is loaded when a mail is written or a template offered, not with
  // the page (which loads the application once, in its head).
  const [positionTypeId, setPositionTypeId] = useState<number | null>(null);
  const withType = useCallback(
    (then: () => void) => {
      if (positionTypeId !== null) return then();
      call('get_position', { id: a.positionId }).then(
        (p) => {
          setPositionTypeId(p.positionTypeId);
          then();
        },
        () => then(),
      );
    },
    [a.positionId, positionTypeId],
  );
  const labels = useMemo(() => container.labels ?? [], [container.labels]);
  const profile = container.profile ?? {};
  const name = a.info.name || `${a.info.firstname} ${a.info.lastname}`.trim() || a.email;

  return (
    <div className="apl-page">
      <StepNav positionId={a.positionId} id={a.id} />
      {(canWrite || a.conversationId !== undefined) && (
        <p className="apl-actions">
          {canWrite && <button type="button" className="adm-button" onClick={() => withType(() => setMailing({}))}>{t.mail}</button>}
          {/* The person's conversation with the organisation (never while anonymous: the server leaves the id out). */}
          {a.conversationId !== undefined && <Link className="adm-button" to={`/admin/chat/${a.conversationId}`}>{t.conversation}</Link>}
        </p>
      )}
      {mailing && (
        <SendEmailDialog
          isOpen
          recipients={[{ id: a.id, name, email: a.email, ...(a.anonymous ? { anonymous: true } : {}) }]}
          positionId={a.positionId}
          {...(positionTypeId !== null ? { positionTypeId } : {})}
          {...(mailing.labelId !== undefined ? { labelId: mailing.labelId } : {})}
          onClose={(outcome) => {
            setMailing(false);
            if (outcome && mailing && mailing.labelId !== undefined) setOffers((o) => o.filter((x) => x !== mailing.labelId));
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
            a={a}
            labels={labels}
            canWrite={canWrite}
            onSaved={(movedTo) => {
              setSaves((n) => n + 1);
              if (movedTo.length === 0) setOffers([]);
              else withType(() => setOffers(movedTo));
              reload();
            }}
          />
          {/* Right below 'Spara status', so the offer appears where the eye is (and takes the focus). */}
          {positionTypeId !== null &&
            offers.map((labelId) => (
              <TemplateOffer
                key={`${saves}-${labelId}`}
                containerId={container.id}
                positionId={a.positionId}
                positionTypeId={positionTypeId}
                labelId={labelId}
                ids={[a.id]}
                name={name}
                onEdit={() => setMailing({ labelId })}
                onDone={(outcome) => {
                  setOffers((o) => o.filter((x) => x !== labelId));
                  if (outcome) reload();
                }}
              />
            ))}
          <InterviewsCard applicationId={a.id} positionId={a.positionId} canWrite={canWrite} onChanged={reload} />
          <ScorecardPanel applicantId={a.id} onSaved={reload} />
          <ReferencesCard applicantId={a.id} canWrite={canWrite} onAsked={reload} />
          <NotesCard a={a} canWrite={canWrite} onSaved={onChange} />
          <LogCard a={a} {...(canWrite ? { onResent: reload } : {})} />
          <PrivacyCard a={a} canWrite={canWrite} onSaved={reload} />
        </div>
      </div>
    </div>
  );
}

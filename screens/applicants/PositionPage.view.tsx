import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { call } from './call';
import { useContainer } from '../runner/session/session';
import { ApplicantRows } from './ApplicantRows';
import { BulkBar } from './BulkBar';
import { FilterPanel } from './FilterPanel';
import { CriteriaEditor } from './CriteriaEditor';
import { KitEditor } from './KitEditor';
import { SelectAll } from './SelectAll';
import { answerGroups } from './filterGroups';
import { fitToForm, isDefault, loadQuery, saveQuery, type ApplicantQuery } from './query';
import type { StaffPosition } from './types';
import { useApplicants, useCounts } from './useApplicants';
import { usePositionWrite } from './usePositionRights';
import { ExportMenu } from './export/ExportMenu';
import { SendEmailDialog, type MailRecipient } from './mail/SendEmailDialog';
import { TemplateOffer } from './mail/TemplateOffer';
import type { ViewProps } from '../runner/types';
import './applicants.css';
import { fill } from '../../engine/fill';
import { loadChunk } from '../chunks';
import { Loading } from '../runner/states';

const t = sv.applicants;
// Offering interview times to the selection loads with its first use, not with the list (the admin JS budget).
const BulkOffer = lazy(() => loadChunk('BulkOffer', () => import('./interviews/BulkOffer')));

/**
 * The applicants of /admin/positions/:id with filters and bulk actions (issue 9): the view block
 * of schemas/screens/position.json, below the position's head, whose loaded position arrives
 * here as `given` (the page loads it once; the head says when it is missing).
 */
export default function PositionPage({ given, reload }: ViewProps) {
  const position = given?.action === 'get_position' ? given.answer : undefined;
  if (!position) return null;
  return <Loaded key={position.id} position={position} onChanged={reload} />;
}

function Loaded({ position, onChanged }: { position: StaffPosition; onChanged?: () => void }) {
  const container = useContainer();
  const canWrite = usePositionWrite(position.id);
  const labels = useMemo(() => (container.labels ?? []), [container.labels]);
  const labelMap = useMemo(() => new Map(labels.map((l) => [l.id, l])), [labels]);
  const interest = useMemo(() => labels.filter((l) => l.labelType === 'Interest'), [labels]);
  const process = useMemo(() => labels.filter((l) => l.labelType === 'Process'), [labels]);
  const { groups, hasCarFilter } = useMemo(() => answerGroups(position.metadata ?? []), [position.metadata]);

  const [query, setQueryState] = useState<ApplicantQuery>(() => {
    const offered = new Set(groups.flatMap((g) => g.options.map((o) => `${o.choice.key}=${String(o.choice.value)}`)));
    return fitToForm(loadQuery(position.id), (c) => offered.has(`${c.key}=${String(c.value)}`), hasCarFilter);
  });
  const setQuery = useCallback(
    (q: ApplicantQuery) => {
      setQueryState(q);
      saveQuery(position.id, q);
    },
    [position.id],
  );

  const list = useApplicants(position.id, query);
  const [generation, setGeneration] = useState(0);
  const counts = useCounts(position.id, query, generation);
  const [selection, setSelection] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => setSelection(new Set()), [query]);
  const toggle = useCallback((id: number, on: boolean) => {
    setSelection((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const [others, setOthers] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    call('get_positions', { containerId: position.containerId })
      .then((list) => live && setOthers((list ?? []).filter((p) => p.id !== position.id).map((p) => ({ id: p.id, name: p.name }))))
      .catch(() => live && setOthers([]));
    return () => {
      live = false;
    };
  }, [position.id, position.containerId]);

  // Interview times for these applications (BulkOffer), while its panel is open.
  const [offering, setOffering] = useState<number[] | null>(null);
  const nameOf = useCallback(
    (id: number) => {
      const a = list.items.find((x) => x.id === id);
      // As the row names it (ApplicantRows); one not loaded yet by its number.
      return (a && (`${a.info.firstname ?? ''} ${a.info.lastname ?? ''}`.trim() || a.email || a.info.name)) || fill(sv.personFields.anonymous.hiddenName, { id: String(id) });
    },
    [list.items],
  );

  // Mail: the selection, or after a move the moved applicants with the label's template.
  const [mail, setMail] = useState<{ recipients: MailRecipient[]; labelId?: number } | null>(null);
  // `n`: each move is a new offer (asked again, in view and focused), even to the same label.
  const [offer, setOffer] = useState<{ labelId: number; ids: number[]; n: number } | null>(null);
  const recipientsOf = useCallback(
    (ids: number[]): MailRecipient[] =>
      ids.map((id) => {
        const a = list.items.find((x) => x.id === id);
        return a ? { id, name: `${a.info.firstname} ${a.info.lastname}`.trim() || a.info.name, email: a.email } : { id };
      }),
    [list.items],
  );
  // After a move to an Interest label or a Process level: offer its template (TemplateOffer shows nothing without one).
  const moved = useCallback((done?: { labelId: number; ids: number[]; labelType: 'Interest' | 'Process' }) => {
    setOffer((prev) => (done ? { labelId: done.labelId, ids: done.ids, n: (prev?.n ?? 0) + 1 } : null));
  }, []);

  // The selection survives a move (the next step is often a mail or another move of the same
  // people); only a refused move, which may have lost some of them, starts afresh.
  const refresh = useCallback((keepSelection: boolean) => {
    if (!keepSelection) setSelection(new Set());
    list.reload();
    setGeneration((g) => g + 1);
    // The head's totals (Obehandlade) change with a move.
    onChanged?.();
  }, [list, onChanged]);

  return (
    <div className="apl-page">
      {canWrite && <CriteriaEditor positionId={position.id} />}
      {canWrite && <KitEditor positionId={position.id} levels={process} />}
      <div className="apl-layout">
        <FilterPanel
          query={query}
          onChange={setQuery}
          interest={interest}
          process={process}
          groups={groups}
          hasCarFilter={hasCarFilter}
          otherPositions={others}
          counts={counts}
          nameSort={!position.anonymous}
        />
        <section className="apl-results" aria-labelledby="apl-results-h">
          <h2 id="apl-results-h">
            {t.list.name}
            {counts && <span className="apl-total"> {fill(t.list.total, { count: String(counts.total) })}</span>}
          </h2>
          <div className="adm-actions apl-toolbar">
            <ExportMenu containerId={position.containerId} positionId={position.id} filter={{ ...query }} selectedIds={[...selection]} />
            {canWrite && (
              <button type="button" className="adm-button" disabled={selection.size === 0} onClick={() => setMail({ recipients: recipientsOf([...selection]) })}>
                {t.bulk.mail}
              </button>
            )}
          </div>
          {canWrite && (
            <>
              <SelectAll positionId={position.id} query={query} total={counts?.total ?? null} selection={selection} onSelect={setSelection} />
              <BulkBar
                selected={[...selection]}
                interest={interest}
                process={process}
                onDone={(done) => {
                  moved(done);
                  refresh(done !== undefined);
                }}
                onOfferTimes={() => setOffering([...selection])}
              />
              {offering && (
                <Suspense fallback={<Loading />}>
                  <BulkOffer key={offering.join(',')} positionId={position.id} ids={offering} nameOf={nameOf} onSent={() => list.reload()} onClose={() => setOffering(null)} />
                </Suspense>
              )}
              {offer && (
                <TemplateOffer
                  key={offer.n}
                  containerId={position.containerId}
                  positionId={position.id}
                  positionTypeId={position.positionTypeId}
                  labelId={offer.labelId}
                  ids={offer.ids}
                  onEdit={() => setMail({ recipients: recipientsOf(offer.ids), labelId: offer.labelId })}
                  onDone={(outcome) => {
                    setOffer(null);
                    if (outcome) list.reload();
                  }}
                />
              )}
            </>
          )}
          {mail && (
            <SendEmailDialog
              isOpen
              recipients={mail.recipients}
              positionId={position.id}
              positionTypeId={position.positionTypeId}
              {...(mail.labelId !== undefined ? { labelId: mail.labelId } : {})}
              onClose={(outcome) => {
                setMail(null);
                if (outcome) {
                  setOffer(null);
                  list.reload();
                }
              }}
            />
          )}
          <ApplicantRows list={list} positionId={position.id} selection={selection} selectable={canWrite} labels={labelMap} onToggle={toggle} filtered={!isDefault(query)} />
        </section>
      </div>
    </div>
  );
}

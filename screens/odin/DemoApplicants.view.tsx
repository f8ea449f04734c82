import { useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { ApiError } from '../api';
import { useLoad } from '../shared/useLoad';
import { Failure, Loading } from '../runner/states';
import { useToast } from '../shared/toast';
import './odin.css';
import { fill } from '../../engine/fill';
import { viewCall } from '../runner/viewCall';
import { BusyButton } from '../shared/BusyButton';

const call = viewCall('DemoApplicants');

const t = sv.odin;
const CHUNK = 500;
const MAX = 10_000;

/**
 * Odin: demo applicants for a position, asked for in chunks of 500 so the page shows progress
 * (a view block of generate-data: the choices depend on each other and the loop is code).
 */
export default function DemoApplicants() {
  const toast = useToast();
  const orgs = useLoad(() => call('get_containers', {}), 'orgs');
  const [orgId, setOrgId] = useState<number>(0);
  const detail = useLoad(
    async () =>
      orgId
        ? {
            labels: (await call('get_container', { id: orgId })).labels,
            positions: await call('get_positions', { containerId: orgId }),
          }
        : null,
    String(orgId),
  );
  const [positionId, setPositionId] = useState(0);
  const [interest, setInterest] = useState(0);
  const [process, setProcess] = useState(0);
  const [amount, setAmount] = useState('100');
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);

  async function generate(e: FormEvent) {
    e.preventDefault();
    const total = Number(amount);
    if (!Number.isInteger(total) || total < 1 || total > MAX) return setError(t.amountRange);
    if (!positionId) return setError(t.choosePosition);
    setError('');
    setBusy(true);
    setProgress({ done: 0, total });
    try {
      for (let done = 0; done < total; ) {
        const n = Math.min(CHUNK, total - done);
        await call('create_positionDemoApplicants', {
          containerId: orgId,
          positionId,
          amount: n,
          ...(interest ? { defaultInterest: interest } : {}),
          ...(process ? { defaultProcess: process } : {}),
        });
        done += n;
        setProgress({ done, total });
      }
      toast.show(fill(t.demoDone, { count: String(total) }), 'success');
    } catch (err) {
      setError(err instanceof ApiError && err.status === 400 ? err.message : sv.toast.errorRetry);
    } finally {
      setBusy(false);
    }
  }

  const labels = (type: 'Interest' | 'Process') => (detail.data?.labels ?? []).filter((l) => l.labelType === type);
  return (
    <>
      {orgs.loading && !orgs.data && <Loading />}
      {orgs.error !== undefined && !orgs.data && <Failure onRetry={orgs.reload} />}
      {orgs.data && (
        <form className="odin-form" onSubmit={generate} noValidate aria-describedby={error ? 'gd-error' : undefined}>
          <div className="odin-field">
            <label htmlFor="gd-org">{t.organisation}</label>
            <select id="gd-org" value={orgId} onChange={(e) => (setOrgId(Number(e.target.value)), setPositionId(0), setInterest(0), setProcess(0))}>
              <option value={0}>{t.choose}</option>
              {orgs.data.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.displayName ?? o.name}
                </option>
              ))}
            </select>
          </div>
          {orgId > 0 && detail.loading && <Loading />}
          {orgId > 0 && detail.error !== undefined && <Failure onRetry={detail.reload} />}
          {detail.data && (
            <>
              <div className="odin-field">
                <label htmlFor="gd-position">{t.position}</label>
                <select id="gd-position" value={positionId} onChange={(e) => setPositionId(Number(e.target.value))}>
                  <option value={0}>{t.choose}</option>
                  {detail.data.positions.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
                {detail.data.positions.length === 0 && <small>{t.noPositions}</small>}
              </div>
              <div className="odin-field">
                <label htmlFor="gd-interest">{t.interest}</label>
                <select id="gd-interest" value={interest} onChange={(e) => setInterest(Number(e.target.value))}>
                  {labels('Interest').map((l) => (
                    <option key={l.id} value={l.isDefault ? 0 : l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="odin-field">
                <label htmlFor="gd-process">{t.process}</label>
                <select id="gd-process" value={process} onChange={(e) => setProcess(Number(e.target.value))}>
                  {labels('Process').map((l) => (
                    <option key={l.id} value={l.isDefault ? 0 : l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          <div className="odin-field">
            <label htmlFor="gd-amount">{t.amount}</label>
            {/* Between the label and the field, as the page's other form has its hints. */}
            <small id="gd-amount-hint">{t.amountHint}</small>
            <input id="gd-amount" type="number" min={1} max={MAX} value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby="gd-amount-hint" />
          </div>
          {error && (
            <p id="gd-error" className="adm-form-error" role="alert">
              {error}
            </p>
          )}
          {progress && (
            <div>
              <progress className="odin-progress" max={progress.total} value={progress.done} aria-labelledby="gd-progress" />
              <p id="gd-progress" role="status">
                {fill(t.progress, { done: String(progress.done), total: String(progress.total) })}
              </p>
            </div>
          )}
          {/* Never disabled without a word: pressed before an ad is chosen, it says what is missing. */}
          <BusyButton type="submit" className="adm-button adm-button-primary odin-submit" busy={busy}>
            {t.generate}
          </BusyButton>
        </form>
      )}
    </>
  );
}

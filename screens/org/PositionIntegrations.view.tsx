import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { viewCall } from '../runner/viewCall';
import { useContainer, useSession } from '../runner/session/session';
import { fieldErrors, messageOf } from '../runner/serverErrors';
import { PartnerForm, type PartnerItem, type PartnerType } from './PartnerForm';
import { partnerTypes } from './partners';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { useToast } from '../shared/toast';
import './org.css';
import { fill } from '../../engine/fill';
import { BusyButton } from '../shared/BusyButton';

const t = sv.org;
const call = viewCall('PositionIntegrations');

/**
 * The form part of /admin/positions/:id/integrations (a view block: each partner type's fields
 * are generated from its own JSON Schema, PartnerForm): publish the position to a partner
 * (typeId 3 employment agency, typeId 2 classified-ad site) with that type's required fields;
 * saving a checked type writes the outgoing document to the partner outbox.
 */
export default function PositionIntegrations(_: ViewProps) {
  const { id } = useParams();
  const positionId = Number(id);
  const container = useContainer();
  const { rights, handleError } = useSession();
  const toast = useToast();
  const [types, setTypes] = useState<PartnerType[] | null>(null);
  const [items, setItems] = useState<PartnerItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    Promise.all([
      partnerTypes(),
      call('get_PositionsPartnersByPositionId', { containerId: container.id, positionId }),
    ])
      .then(([ty, it]) => {
        if (!live) return;
        setTypes(ty);
        setItems(it);
      })
      .catch((err: unknown) => {
        if (!live) return;
        handleError(err);
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [container.id, positionId, attempt, handleError]);

  const save = useCallback(
    async (e: FormEvent) => {
      e.preventDefault();
      if (!items || busy || !rights.write) return;
      setBusy(true);
      setErrors({});
      setFormError('');
      try {
        const saved = await call('update_PositionPartner', {
          containerId: container.id,
          settings: items.map((i) => ({ typeId: i.typeId as 2 | 3, positionId, isChecked: i.isChecked, data: i.data as Record<string, string | number | string[]> })),
        });
        setItems(saved);
        toast.show(saved.some((s) => s.isChecked) ? t.published : sv.toast.saved);
      } catch (err) {
        const msg = handleError(err);
        const found = fieldErrors(err);
        setErrors(found);
        setFormError(Object.keys(found).length ? t.partnerFix : messageOf(err));
        toast.show(msg, 'error');
      } finally {
        setBusy(false);
      }
    },
    [items, busy, rights.write, container.id, positionId, toast, handleError],
  );

  return (
    <>
      {failed && <Failure onRetry={() => setAttempt((a) => a + 1)} />}
      {!failed && (!types || !items) && <Loading />}
      {types && items && (
        <form onSubmit={(e) => void save(e)} noValidate>
          {items.map((item, i) => {
            const type = types.find((x) => x.typeId === item.typeId);
            return type ? (
              <PartnerForm
                key={item.typeId}
                type={type}
                item={item}
                complete={item.isChecked}
                checkLabel={fill(t.partnerPublish, { name: type.name })}
                errors={errors}
                base={`/settings/${i}/data`}
                onChange={(next) => setItems(items.map((x, j) => (j === i ? next : x)))}
              />
            ) : null;
          })}
          <p role="alert" className="org-error">
            {formError}
          </p>
          {/* Publishing needs the write right (update_PositionPartner); a reader sees the settings only. */}
          {rights.write && (
            <div className="adm-form-actions">
              <BusyButton type="submit" className="adm-button adm-button-primary" busy={busy}>
                {t.saveIntegrations}
              </BusyButton>
            </div>
          )}
        </form>
      )}
    </>
  );
}

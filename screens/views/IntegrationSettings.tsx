import { useCallback, useEffect, useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { dispatch } from '../api';
import { useContainer, useSession } from '../admin/session';
import { fieldErrors, messageOf } from '../runner/serverErrors';
import { PartnerForm, type PartnerItem, type PartnerType } from '../org/PartnerForm';
import { partnerTypes } from '../org/partners';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { useToast } from '../shared/toast';
import '../org/org.css';
import { fill } from '../../engine/fill';

const t = sv.org;

/** /admin/integration: the organisation's partner settings, the defaults each position starts from. */
export default function IntegrationSettings({ screen }: ViewProps) {
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const [types, setTypes] = useState<PartnerType[] | null>(null);
  const [items, setItems] = useState<PartnerItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    Promise.all([partnerTypes(), dispatch('get_positionsPartnersSetting', { containerId: container.id }) as Promise<PartnerItem[]>])
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
  }, [container.id, attempt, handleError]);

  const save = useCallback(
    async (e: FormEvent) => {
      e.preventDefault();
      if (!items || busy) return;
      setBusy(true);
      setErrors({});
      try {
        const saved = (await dispatch('update_positionPartnerSetting', {
          containerId: container.id,
          settings: items.map((i) => ({ typeId: i.typeId as 2 | 3, isChecked: i.isChecked, data: i.data as Record<string, string | number | string[]> })),
        })) as PartnerItem[];
        setItems(saved);
        toast.show(sv.toast.saved);
      } catch (err) {
        handleError(err);
        setErrors(fieldErrors(err));
        toast.show(messageOf(err), 'error');
      } finally {
        setBusy(false);
      }
    },
    [items, busy, container.id, toast, handleError],
  );

  return (
    <>
      <h1>{screen.title}</h1>
      <p className="adm-hint">{t.integrationIntro}</p>
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
                complete={false}
                checkLabel={fill(t.partnerInUse, { name: type.name })}
                errors={errors}
                base={`/settings/${i}/data`}
                onChange={(next) => setItems(items.map((x, j) => (j === i ? next : x)))}
              />
            ) : null;
          })}
          <div className="adm-form-actions">
            <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
              {t.saveIntegrations}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

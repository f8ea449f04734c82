import { useCallback, useEffect, useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import type { ActionAnswer } from '../../schemas/generated/actions';
import { fill } from '../../engine/fill';
import { formatStockholmDateTime } from '../../engine/dates';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import { useContainer, useSession } from '../runner/session/session';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { viewCall } from '../runner/viewCall';
import './org.css';
import { BusyButton } from '../shared/BusyButton';

const t = sv.scim;
const call = viewCall('ScimToken');

/**
 * The token part of /admin/scim (schemas/screens/scim.json): the SCIM address, whether a token
 * exists and since when, and making or removing one. Code because the new token is shown once,
 * here, and never loaded again; the default role beside it is a form block.
 */
export default function ScimToken(_: ViewProps) {
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [settings, setSettings] = useState<ActionAnswer['get_scimSettings'] | null>(null);
  const [failed, setFailed] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    call('get_scimSettings', { containerId: container.id })
      .then(setSettings)
      .catch((err: unknown) => {
        handleError(err);
        setFailed(true);
      });
  }, [container.id, handleError]);

  useEffect(load, [load]);

  if (failed) return <Failure onRetry={load} />;
  if (!settings) return <Loading />;

  const act = async (kind: 'create' | 'delete') => {
    const sure = kind === 'delete' ? await confirm({ message: t.deleteConfirm, confirmLabel: t.deleteToken, danger: true }) : !settings.hasToken || (await confirm({ message: t.replaceConfirm, confirmLabel: t.replaceToken }));
    if (!sure) return;
    setBusy(true);
    try {
      if (kind === 'create') {
        setToken((await call('create_scimToken', { containerId: container.id })).token);
        toast.show(t.tokenCreated);
      } else {
        await call('delete_scimToken', { containerId: container.id });
        setToken(null);
        toast.show(t.tokenDeleted);
      }
      load();
    } catch (err) {
      toast.show(handleError(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="scim-token">
      {dialog}
      <p>{t.intro}</p>
      <p>
        {t.url}: <code>{settings.url}</code>
      </p>
      <p>
        {settings.hasToken && settings.tokenCreated ? fill(t.tokenSince, { date: formatStockholmDateTime(settings.tokenCreated) }) : t.tokenNone}{' '}
        {settings.hasToken ? (settings.tokenLastUsed ? fill(t.tokenLastUsed, { date: formatStockholmDateTime(settings.tokenLastUsed) }) : t.tokenNeverUsed) : null}
      </p>
      {token ? (
        <div>
          <label>
            {t.tokenLabel}
            <input readOnly value={token} size={60} onFocus={(e) => e.currentTarget.select()} aria-describedby="scim-token-once" />
          </label>
          <p id="scim-token-once" role="status">
            {t.tokenShownOnce}
          </p>
        </div>
      ) : null}
      <BusyButton type="button" busy={busy} onClick={() => void act('create')}>
        {settings.hasToken ? t.replaceToken : t.createToken}
      </BusyButton>{' '}
      {settings.hasToken ? (
        <BusyButton type="button" busy={busy} onClick={() => void act('delete')}>
          {t.deleteToken}
        </BusyButton>
      ) : null}
    </div>
  );
}

import sv from '../../schemas/messages/sv.json';
import { formatStockholmDateTime } from '../../engine/dates';
import { viewCall } from '../runner/viewCall';
import { useSession } from '../runner/session/session';
import { Failure, Loading } from '../runner/states';
import { useLoad } from '../shared/useLoad';
import { useToast } from '../shared/toast';

const t = sv.webhooks;
const call = viewCall('Webhooks');

/** One webhook's delivery log: event, status, tries, the last answer, the next try, and 'Skicka igen'. */
export function WebhookLog({ containerId, webhookId }: { containerId: number; webhookId: number }) {
  const { handleError } = useSession();
  const toast = useToast();
  const log = useLoad(() => call('get_webhookDeliveries', { containerId, id: webhookId }), `${containerId}:${webhookId}`);
  const resend = async (deliveryId: string) => {
    try {
      await call('resend_webhookDelivery', { containerId, deliveryId });
      toast.show(t.resent);
      log.reload();
    } catch (err) {
      toast.show(handleError(err), 'error');
    }
  };
  if (log.error) return <Failure onRetry={log.reload} />;
  if (!log.data) return <Loading />;
  if (!log.data.length) return <p>{t.noDeliveries}</p>;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <caption>{t.log}</caption>
        <thead>
          <tr>
            <th scope="col">{t.colEvent}</th>
            <th scope="col">{t.colCreated}</th>
            <th scope="col">{t.colStatus}</th>
            <th scope="col">{t.colTries}</th>
            <th scope="col">{t.colAnswer}</th>
            <th scope="col">{t.colNext}</th>
            <th scope="col">
              <span className="adm-visually-hidden">{t.resend}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {log.data.map((d) => (
            <tr key={d.id}>
              <td>{t.eventNames[d.type]}</td>
              <td>{formatStockholmDateTime(d.created)}</td>
              <td>{t.status[d.status]}</td>
              <td>{d.tries}</td>
              <td>{d.lastStatus ?? (d.lastError ? t.errors[d.lastError] : t.noAnswer)}</td>
              <td>{d.nextAt ? formatStockholmDateTime(d.nextAt) : ''}</td>
              <td>
                {d.tries > 0 || d.status === 'failed' ? (
                  <button type="button" className="adm-button adm-button-small" onClick={() => void resend(d.id)}>
                    {t.resend}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

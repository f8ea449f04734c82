import { useEffect, useId, useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { dispatch } from '../api';
import { useSession } from '../runner/session/session';
import { useToast } from '../shared/toast';
import { BusyButton } from '../shared/BusyButton';

const t = sv.defaultTemplates;

/**
 * The one-time offer of Swedish default email templates to an organisation made before they
 * existed (get/answer_defaultEmailTemplatesOffer). Shown until someone answers; 'Lägg till
 * mallarna' adds the missing ones (never changes a template the organisation has) and
 * `onAdded` reloads the page's templates.
 */
export function DefaultTemplatesOffer({ containerId, onAdded }: { containerId: number; onAdded(): void }) {
  const { handleError } = useSession();
  const toast = useToast();
  const titleId = useId();
  const [offered, setOffered] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    dispatch('get_defaultEmailTemplatesOffer', { containerId }).then(
      (r) => live && setOffered(r.offered),
      // The offer is a nicety: the templates page works without it.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [containerId]);

  if (!offered) return null;
  const answer = async (accept: boolean) => {
    setBusy(true);
    try {
      const { added } = await dispatch('answer_defaultEmailTemplatesOffer', { containerId, accept });
      setOffered(false);
      toast.show(accept ? fill(t.offerCreated, { count: added }) : t.offerDismissed, 'success');
      if (accept) onAdded();
    } catch (err) {
      toast.show(handleError(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="mt-offer" aria-labelledby={titleId}>
      <h2 id={titleId}>{t.offerTitle}</h2>
      <p>{t.offerText}</p>
      <div className="mt-actions">
        <BusyButton type="button" className="bk-btn bk-btn-primary" busy={busy} onClick={() => void answer(true)}>
          {t.offerAccept}
        </BusyButton>
        <BusyButton type="button" className="bk-btn" busy={busy} onClick={() => void answer(false)}>
          {t.offerDismiss}
        </BusyButton>
      </div>
    </section>
  );
}

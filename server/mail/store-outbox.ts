import type { Store } from '../store/port';
import { addressOf as bareAddress, composeEml, isCopyName, newCopyName, type Mailer } from '../mail';

/**
 * The outbox as the `mailOutbox` collection, for Mongo mode without SMTP: the same RFC 5322
 * messages the file outbox writes, one document each (`{ name, address, eml, created }`), so
 * every instance writes to and erases from one place. A transport (or an operator) reads
 * them from there as it would read DATA_DIR/outbox.
 */
export const MAIL_OUTBOX = 'mailOutbox';

type OutboxDoc = {
  name: string;
  /** The recipient's address, lower-cased: what `forget` finds. */
  address: string;
  eml: string;
  created: number;
};

const addressOf = (to: string) => bareAddress(to).toLowerCase();

export function createStoreMailer(store: Store, from: string): Mailer {
  const outbox = store.collection<OutboxDoc>(MAIL_OUTBOX);
  return {
    newCopy: newCopyName,
    async send(mail, copy) {
      const { name, eml } = composeEml(mail, from, copy);
      await outbox.insertOne({ name, address: addressOf(mail.to), eml, created: Math.floor(Date.now() / 1000) });
      return name;
    },
    async drop(copy) {
      if (!isCopyName(copy)) return false;
      return (await outbox.deleteOne({ name: copy })) > 0;
    },
    async forget(email) {
      // Idempotent delete by filter: the same To rule as the file outbox (bare or in <>).
      return outbox.deleteMany({ address: addressOf(email) });
    },
  };
}

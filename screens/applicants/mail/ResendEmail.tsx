import { useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { SendEmailDialog } from './SendEmailDialog';

/** A failed send as the application's log keeps it (server/domain/email.ts EmailLogEntry). */
export interface EmailLogEntry {
  what: string;
  subject?: string;
  ok?: boolean;
  body?: string;
}

/** True for a log entry of a mail that could not be sent (it carries the mail to send again). */
const isFailedEmail = (entry: EmailLogEntry): entry is EmailLogEntry & { subject: string; body: string } =>
  entry.what === 'email' && entry.ok === false && typeof entry.subject === 'string' && typeof entry.body === 'string';

/**
 * 'Skicka igen' beside a failed send in the applicant's log: opens the send dialog with the
 * logged subject and body for this applicant. Renders nothing for other entries.
 * Props: the log `entry`, the `applicant` ({ id, name, email, positionId }), `onSent` (reload the log).
 */
export function ResendEmail({ entry, applicant, onSent }: { entry: EmailLogEntry; applicant: { id: number; name: string; email: string; positionId: number }; onSent(): void }) {
  const [open, setOpen] = useState(false);
  if (!isFailedEmail(entry)) return null;
  return (
    <>
      <button type="button" className="bk-btn mail-chip" onClick={() => setOpen(true)}>
        {sv.mail.resend}
      </button>
      {open && (
        <SendEmailDialog
          isOpen
          recipients={[{ id: applicant.id, name: applicant.name, email: applicant.email }]}
          positionId={applicant.positionId}
          initial={{ subject: entry.subject, body: entry.body }}
          onClose={(outcome) => {
            setOpen(false);
            if (outcome) onSent();
          }}
        />
      )}
    </>
  );
}

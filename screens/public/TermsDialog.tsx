import { useEffect, useId, useRef, useState } from 'react';
import { fill } from '../../engine/fill';
import type { PublicContainer } from './types';
import sv from '../../schemas/messages/sv.json';

const s = sv.public;

/**
 * 'Allmänna villkor' (spec document 1 §2): the provider's terms and the company's terms in a
 * modal dialog. The native <dialog> opened with showModal() makes the rest of the page inert
 * (focus stays inside); Esc closes it and focus goes back to the button that opened it.
 */
export function TermsButton({ container }: { container: PublicContainer | null }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" className="pub-link-button" aria-haspopup="dialog" ref={buttonRef} onClick={() => setOpen(true)}>
        {s.termsButton}
      </button>
      {open && (
        <TermsDialog
          container={container}
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </>
  );
}

function TermsDialog({ container, onClose }: { container: PublicContainer | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (typeof d.showModal === 'function' && !d.open) d.showModal();
    else d.setAttribute('open', '');
    closeRef.current?.focus();
    return () => {
      if (typeof d.close === 'function' && d.open) d.close();
    };
  }, []);
  // Close the native dialog before React removes it, so the page is no longer inert when
  // focus goes back to the opener.
  const close = () => {
    const d = ref.current;
    if (d && typeof d.close === 'function' && d.open) d.close();
    onClose();
  };
  const company = container?.displayName ?? '';
  // Safe HTML already: the public container answer's terms went through the one sanitiser on
  // the server (server/domain/public.ts); the admin preview sanitises its draft before passing it.
  const companyTerms = container?.profile?.terms ?? '';
  return (
    <dialog
      ref={ref}
      className="pub-dialog"
      aria-labelledby={`${id}-title`}
      aria-modal="true"
      onCancel={(e) => {
        // Esc: close through React state so focus is returned the same way as the button.
        e.preventDefault();
        close();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          close();
        }
      }}
    >
      <div className="pub-dialog-head">
        <h2 id={`${id}-title`}>{s.termsTitle}</h2>
        <button type="button" className="pub-button pub-button-secondary" ref={closeRef} onClick={close}>
          {s.close}
        </button>
      </div>
      <div className="pub-dialog-body">
        <p>{s.termsIntro}</p>
        <h3>{s.providerTermsHeading}</h3>
        <div className="pub-richtext" dangerouslySetInnerHTML={{ __html: s.providerTerms }} />
        {company && <h3>{fill(s.companyTermsHeading, { company })}</h3>}
        {companyTerms ? <div className="pub-richtext" dangerouslySetInnerHTML={{ __html: companyTerms }} /> : <p>{s.noCompanyTerms}</p>}
      </div>
    </dialog>
  );
}

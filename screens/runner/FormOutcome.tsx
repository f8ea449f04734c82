import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { pathOf, type BindingContext } from './bindings';
import type { Links } from '../../schemas/generated/screen';

/** What a form gives way to: a mailed link without its token or refused (an alert), or a save's `done` (a status). */
export interface Outcome {
  role: 'alert' | 'status';
  text: string;
  help?: string | undefined;
  links?: Links | undefined;
  ctx: BindingContext;
}

/** Links under a form or an outcome, bound to what was typed ({form.email}) or answered. */
export function FormLinks({ links, ctx }: { links: Links | undefined; ctx: BindingContext }) {
  return (
    <>
      {(links ?? []).map((l) => (
        <p key={l.label}>
          <Link to={pathOf(l.to, ctx)}>{l.label}</Link>
        </p>
      ))}
    </>
  );
}

/** The outcome in the form's place, focused so a screen reader reads it at once. */
export function FormOutcome({ outcome }: { outcome: Outcome }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [outcome.text]);
  return (
    <>
      <p ref={ref} tabIndex={-1} role={outcome.role} className={outcome.role === 'alert' ? 'adm-form-error' : 'adm-form-ok'}>
        {outcome.text}
      </p>
      {outcome.help && <p>{outcome.help}</p>}
      <FormLinks links={outcome.links} ctx={outcome.ctx} />
    </>
  );
}

import '../../../widgets/register';
import { useEffect, useRef } from 'react';
import { ApplicationForm, type ApplicationFormProps } from '../../../engine/react/ApplicationForm';

/**
 * An ApplicationForm that compiles its form here, for what the applicant page does not draw from
 * the server's compile: staff editing the answers (AnswersCard.tsx) and a referee's answers
 * (ReferencesCard.tsx). A chunk of its own, since it brings the compiler, ajv and every widget
 * (widgets/register.ts), loaded when first drawn, not with the page. With `focusFirst`, its
 * first field takes the focus once drawn.
 */
export default function CompilingForm({ focusFirst, ...props }: ApplicationFormProps & { focusFirst?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusFirst) box.current?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button')?.focus();
  }, [focusFirst]);
  return (
    <div ref={box}>
      <ApplicationForm {...props} />
    </div>
  );
}

import { useId, type ReactNode } from 'react';

/** One card of the applicant page: a section named by its h2. */
export function Card({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={className ? `apl-card ${className}` : 'apl-card'} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';

/** A page section with its heading; below-the-fold sections fade in (client/reveal.ts). */
export function Section({ id, heading, lead, className, reveal = true, children }: { id: string; heading: string; lead?: string; className?: string; reveal?: boolean; children: ReactNode }) {
  return (
    <section id={id} className={`section ${className ?? ''}`.trim()} aria-labelledby={`${id}-heading`} data-reveal={reveal ? '' : undefined}>
      <div className="container">
        <header className="section-head">
          <h2 id={`${id}-heading`}>{heading}</h2>
          {lead && <p className="section-lead">{lead}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

import type { Site } from '../../data/schema/site.ts';
import { CallButton } from '../components/ContactButtons.tsx';

export interface LegalProps {
  site: Site;
  heading: string;
  /** HTML rendered by the build from the page's Markdown in data/legal/. */
  html: string;
}

export function LegalPage({ site, heading, html }: LegalProps) {
  return (
    <div className="container page-narrow">
      <h1>{heading}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      <aside className="call-box" aria-label="Notdienst">
        <p>Ausgesperrt? Wir sind rund um die Uhr erreichbar.</p>
        <CallButton site={site} location="legal" />
      </aside>
    </div>
  );
}

import type { Site } from '../../core/schema/site.ts';
import { CallButton } from '../components/ContactButtons.tsx';
import { useLayoutWords } from '../layout/words.ts';
import { formatGermanDate } from '../../core/format.ts';

export interface LegalProps {
  site: Site;
  heading: string;
  /** HTML rendered by the build from the page's Markdown in data/legal/. */
  html: string;
  /** The version of the text the owner set ("2026-11-24"), shown as "Stand: 24. November 2026". */
  stand?: string | undefined;
}

export function LegalPage({ site, heading, html, stand }: LegalProps) {
  const layout = useLayoutWords();
  return (
    <div className="container page-narrow">
      <h1>{heading}</h1>
      {stand && (
        <p className="legal-stand">
          {`${layout.version}: `}<time dateTime={stand}>{formatGermanDate(stand)}</time>
        </p>
      )}
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      <aside className="call-box" aria-label={layout.legalCallBox.label}>
        <p>{layout.legalCallBox.text}</p>
        <CallButton site={site} location="legal" />
      </aside>
    </div>
  );
}

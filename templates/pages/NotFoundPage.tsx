// The 404 page: its words and links come from data/error-pages.yaml (notFound).
import type { ErrorPages } from '../../core/schema/error-pages.ts';
import type { Site } from '../../core/schema/site.ts';
import { HomeAndCall } from '../components/HomeAndCall.tsx';
import { LinkItems } from '../components/LinkItems.tsx';

export function NotFoundPage({ site, words }: { site: Site; words: ErrorPages['notFound'] }) {
  return (
    <div className="container page-narrow not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{words.heading}</h1>
      <p className="hero-lead">{words.lead}</p>
      <HomeAndCall site={site} location="404">
        <span>{words.call}</span>
      </HomeAndCall>
      <nav aria-label={words.linksLabel}>
        <h2>{words.linksHeading}</h2>
        <ul className="link-list">
          <LinkItems links={words.links} />
        </ul>
      </nav>
    </div>
  );
}

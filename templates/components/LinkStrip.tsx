import { LinkItems } from './LinkItems.tsx';

/** A row of pill links under a heading: other services, other trust pages, cities. */
export function LinkStrip({ heading, links, muted = false }: { heading: string; links: { title: string; href: string }[]; muted?: boolean }) {
  return (
    <nav className={muted ? 'link-strip section-muted' : 'link-strip'} aria-label={heading}>
      <div className="container">
        <h2 className="link-strip-heading">{heading}</h2>
        <ul>
          <LinkItems links={links.map((link) => ({ href: link.href, label: link.title }))} />
        </ul>
      </div>
    </nav>
  );
}

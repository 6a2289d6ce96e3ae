/** The button under a section that leads on to the page with all of it. */
export function MoreLink({ link, track }: { link: { href: string; label: string }; track?: string }) {
  return (
    <p className="section-more">
      <a className="btn btn-outline" href={link.href} data-track={track}>
        {link.label}
      </a>
    </p>
  );
}

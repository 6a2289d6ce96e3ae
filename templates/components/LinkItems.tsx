/** The items of a list of plain links (footer, link strips, the 404 page's suggestions). */
export function LinkItems({ links }: { links: readonly { href: string; label: string }[] }) {
  return (
    <>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </>
  );
}

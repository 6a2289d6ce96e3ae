import type { Site } from '../../core/schema/site.ts';

/** The word mark with a key symbol; a link home. */
export function Logo({ site }: { site: Site }) {
  return (
    <a className="logo" href="/" aria-label={`${site.name} – zur Startseite`}>
      <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <circle cx="12" cy="13" r="5" fill="none" stroke="#fff" strokeWidth="3" />
        <path d="M15.5 16.5 25 26m-4-4 2.5-2.5M23 24l2-2" stroke="#f2a900" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="logo-text">{site.name}</span>
    </a>
  );
}

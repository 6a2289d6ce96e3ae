// The console's pages: the build's frame (dist/_server/console.html) with a title, the section
// navigation and the page's body rendered here. Every text comes from data/console.yaml.
import type { Response } from 'express';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { CONSOLE_TOKENS } from '../../../core/build-server-contract.ts';
import { escapeMarkup as escapeHtml } from '../../../core/escape.ts';

export const SECTIONS = ['messages', 'visits', 'reviews', 'phone', 'content', 'system'] as const;
export type Section = (typeof SECTIONS)[number];
export const SECTION_PATHS: Record<Section, string> = {
  messages: '/intern/nachrichten',
  visits: '/intern/besuche',
  reviews: '/intern/bewertungen',
  phone: '/intern/telefon',
  content: '/intern/inhalte',
  system: '/intern/system',
};
export const LOGIN_PATH = '/intern/anmelden';
/** Where the console's router is mounted (server/app.ts); every path above starts with it. */
export const CONSOLE_MOUNT = '/intern';
/** A console path as its router sees it, below the mount point. */
export const routerPath = (path: string): string => path.slice(CONSOLE_MOUNT.length) || '/';
export const LOGOUT_PATH = '/intern/abmelden';

const BERLIN_CLOCK = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
const NUMBER = new Intl.NumberFormat('de-DE');

/** "24.11.2026, 14:32" in Essen's time. */
export { formatBerlinTime as berlinTime } from '../../../core/format.ts';
/** "14:32" in Essen's time. */
export const berlinClock = (at: number): string => BERLIN_CLOCK.format(at);
export const number = (value: number): string => NUMBER.format(value);

/** "12,5 MB" */
export function megabytes(bytes: number): string {
  return `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: bytes < 10 * 1024 * 1024 ? 1 : 0 }).format(bytes / (1024 * 1024))} MB`;
}

export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error'; children: ReactNode }) {
  return (
    <p className="console-notice" data-kind={kind} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** A button that sends a POST to `action`: a state change works without JavaScript. */
/** A button that POSTs to `action`, with `fields` as hidden inputs (a version, a commit). */
export function PostButton({ action, label, primary = false, fields = {} }: { action: string; label: string; primary?: boolean; fields?: Readonly<Record<string, string>> }) {
  return (
    <form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button className={primary ? 'btn btn-primary' : 'btn btn-outline'} type="submit">
        {label}
      </button>
    </form>
  );
}

function ConsoleNav({ words, current }: { words: ConsoleWords; current: Section | null }) {
  return (
    <nav className="console-nav" aria-label={words.nav.label}>
      <ul>
        {SECTIONS.map((section) => (
          <li key={section}>
            <a href={SECTION_PATHS[section]} aria-current={section === current ? 'page' : undefined}>
              {words.nav[section]}
            </a>
          </li>
        ))}
        <li>
          <PostButton action={LOGOUT_PATH} label={words.nav.logout} />
        </li>
      </ul>
    </nav>
  );
}

export interface ConsolePage {
  title: string;
  /** The section whose page this is; null before login (no navigation). */
  section: Section | null;
  body: ReactNode;
}

/** A page of the console whose title is also its heading, with what follows the heading (in a `wrapper` element where given). */
export function consolePage(title: string, section: Section | null, content: ReactNode, wrapper?: string): ConsolePage {
  const heading = <h1>{title}</h1>;
  return {
    title,
    section,
    body: wrapper ? (
      <div className={wrapper}>
        {heading}
        {content}
      </div>
    ) : (
      <>
        {heading}
        {content}
      </>
    ),
  };
}

/** Answers with a console page (the routes of server/owner/ share one, made with the build's frame). */
export type SendPage = (res: Response, status: number, page: ConsolePage) => void;

/** The whole HTML of a console page; `alarm`, where given, stands above everything else (mail failing: server/owner/console.tsx). */
export function renderConsole(shell: string, words: ConsoleWords, page: ConsolePage, alarm: string | null = null): string {
  const nav = page.section === null ? '' : renderToStaticMarkup(<ConsoleNav words={words} current={page.section} />);
  const body = renderToStaticMarkup(
    <>
      {alarm && (
        <p className="console-notice" data-kind="error" role="alert" id="mail-alarm">
          {alarm}
        </p>
      )}
      {page.body}
    </>,
  );
  // Replaced by functions: "$" in a message must not act as a replacement pattern.
  return shell.replaceAll(CONSOLE_TOKENS.title, () => escapeHtml(page.title)).replace(CONSOLE_TOKENS.nav, () => nav).replace(CONSOLE_TOKENS.body, () => body);
}

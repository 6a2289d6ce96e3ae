import type { ConsoleWords } from '../../core/schema/console.ts';
import type { Site } from '../../core/schema/site.ts';
import { Logo } from '../components/Logo.tsx';
import { CONSOLE_TOKENS } from '../../core/build-server-contract.ts';
import { CONSOLE_APP_PATHS } from '../../core/console-app.ts';

/**
 * The frame of every page of the owner's console (/intern), which the server fills per request
 * (server/owner/): the site's stylesheet and logo, the console's own few rules inline, the web app
 * manifest that puts it on a phone's home screen (server/owner/push-files.ts), never indexed. The public pages neither link nor load any of it.
 */
export function ConsoleShell({ site, words, stylesheet, consoleStyles }: { site: Site; words: ConsoleWords; stylesheet: string; consoleStyles: string }) {
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>{`${CONSOLE_TOKENS.title} · ${words.title} · ${site.name}`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href={CONSOLE_APP_PATHS.manifest} />
        <link rel="apple-touch-icon" href={CONSOLE_APP_PATHS.icon192} />
        <link rel="stylesheet" href={stylesheet} />
        <style dangerouslySetInnerHTML={{ __html: consoleStyles }} />
      </head>
      <body data-page="console">
        <header className="site-header">
          <div className="container header-bar">
            <Logo site={site} />{' '}
            <span className="console-badge">{words.title}</span>
          </div>
        </header>
        <div className="container console">
          {CONSOLE_TOKENS.nav}
          <main id="main" className="console-main">
            {CONSOLE_TOKENS.body}
          </main>
        </div>
      </body>
    </html>
  );
}

import type { ReactNode } from 'react';
import { IconSprite, IconsUsed } from '../components/Icon.tsx';
import type { Head, PageContext } from '../lib/context.ts';
import { ConsentBanner } from './ConsentBanner.tsx';
import { Drawer } from './Drawer.tsx';
import { FloatingButtons } from './FloatingButtons.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { LayoutWords } from './words.ts';

function jsonLd(data: object): string {
  // "<" escaped so a text in the data can never close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The whole page: head, the layout every page shares (header, drawer, footer, consent banner,
 * floating buttons) and the page's own content. */
export function Document({ context, head, children }: { context: PageContext; head: Head; children: ReactNode }) {
  const { site, path, siteUrl, assets } = context;
  const canonical = head.canonical && path !== null ? `${siteUrl}${path}` : null;
  const analytics = site.analytics;
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.keywords && <meta name="keywords" content={head.keywords.join(', ')} />}
        {canonical && <link rel="canonical" href={canonical} />}
        {head.noindex && <meta name="robots" content="noindex, follow" />}
        <meta name="theme-color" content="#0b3a66" />
        <meta name="format-detection" content="telephone=no" />
        <link rel="icon" href={assets.icon} type="image/svg+xml" />
        {/* The first screen's rules go inline just before this (build/render/first-screen-css.ts); the
            whole stylesheet comes without blocking the first paint (client/boot.ts), or here without JavaScript. */}
        <noscript>
          <link rel="stylesheet" href={assets.css} />
        </noscript>
        <meta property="og:type" content="website" />
        <meta property="og:locale" content="de_DE" />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        {canonical && <meta property="og:url" content={canonical} />}
        {head.structuredData?.map((data, index) => (
          <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(data) }} />
        ))}
      </head>
      <body
        data-page={context.template}
        data-ga-id={analytics.gaMeasurementId || undefined}
        data-ads-id={analytics.adsId || undefined}
        data-ads-call-label={analytics.adsCallConversionLabel || undefined}
        data-ads-contact-label={analytics.adsContactConversionLabel || undefined}
      >
        <LayoutWords.Provider value={context.layout}>
        <IconsUsed.Provider value={new Set()}>
        <a id="top" className="skip-link" href="#main">
          {context.layout.skipLink}
        </a>
        <Header context={context} />
        {/* The cookie banner and the script that shows it come before the page's content: a page the
            browser paints before it has read to the end (a long one) shows the banner in that first
            paint already, instead of a later, larger paint (client/boot.ts). Fixed at the bottom. */}
        <ConsentBanner analytics={analytics} detailsUrl={assets.consentDetails} />
        {/* The page script only enhances: the whole stylesheet is asked for at once without blocking the
            first paint, the page script right after it (client/boot.ts). */}
        <script data-page-script="" data-main={assets.js} data-css={assets.css} dangerouslySetInnerHTML={{ __html: assets.bootCode }}></script>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer context={context} />
        <Drawer context={context} />
        <FloatingButtons site={site} />
        <IconSprite />
        </IconsUsed.Provider>
        </LayoutWords.Provider>
      </body>
    </html>
  );
}

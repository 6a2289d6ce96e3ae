import type { ReactNode } from 'react';
import type { Layout } from '../../core/schema/layout.ts';
import type { Site } from '../../core/schema/site.ts';
import { Icon } from '../components/Icon.tsx';
import { LinkedText } from '../components/LinkedText.tsx';
import { germanList } from '../../core/format.ts';
import { fillSlots } from '../../core/slots.ts';
import { Shared } from './Shared.tsx';
import { useLayoutWords } from './words.ts';

// Hidden in the HTML: client/boot.ts shows it only when no choice is stored. Without
// JavaScript nothing is tracked, so there is nothing to consent to. It sits at the bottom and
// lifts the floating call button above itself: calling never needs consent.
// It names exactly what "Alle akzeptieren" switches on: our own extended statistics always, Google
// Analytics and Google Ads only where data/site.yaml configures their ids (as the privacy policy).
// The settings, what each kind of cookie does, are a fragment of their own (`ConsentDetails`,
// written by build/pipeline.ts under assets/), fetched by client/consent.ts when the visitor asks for
// them: they open only with JavaScript, and were 1 KB of every page (226 bytes brotli).
export function ConsentBanner({ analytics, detailsUrl }: { analytics: Site['analytics']; detailsUrl: string }) {
  return (
    <Shared as="section" attributes={{ className: 'consent', 'data-consent': true, hidden: true, 'aria-labelledby': 'consent-title' }} cacheKey={`consent ${detailsUrl}`} inputs={[analytics]}>
      <ConsentContent analytics={analytics} detailsUrl={detailsUrl} />
    </Shared>
  );
}

function ConsentContent({ analytics, detailsUrl }: { analytics: Site['analytics']; detailsUrl: string }) {
  const words = useLayoutWords().consent;
  const services = [words.services.own, analytics.gaMeasurementId ? words.services.analytics : null, analytics.adsId ? words.services.ads : null].filter(
    (name): name is string => name !== null,
  );
  return (
    <div className="consent-inner container">
      <div data-consent-simple>
        <h2 id="consent-title" className="consent-title">
          {words.heading}
        </h2>
        <p className="consent-text">
          <LinkedText text={fillSlots(words.text, { services: germanList(services) })} />
        </p>
        <ConsentChoices words={words}>
          <button type="button" className="btn btn-ghost" data-consent-settings data-consent-details-src={detailsUrl} aria-expanded="false" aria-controls="consent-details">
            {words.settings}
          </button>
        </ConsentChoices>
      </div>
      <div id="consent-details" data-consent-details hidden></div>
    </div>
  );
}

/** The content of the banner's settings view, served as a fragment of its own (see above). */
export function ConsentDetails({ analytics }: { analytics: Site['analytics'] }) {
  const words = useLayoutWords().consent;
  const { details } = words;
  return (
    <>
      <div className="consent-details-head">
        <h2 className="consent-title">{words.settings}</h2>
        <button type="button" className="icon-button" data-consent-close aria-label={words.close}>
          <Icon name="x" size={22} />
        </button>
      </div>
      <dl className="consent-list">
        <dt>{details.necessary.term}</dt>
        <dd>{details.necessary.text}</dd>
        <dt>{details.statistics.term}</dt>
        <dd>
          {details.statistics.text}
          {analytics.gaMeasurementId && ` ${details.statistics.analytics}`}
        </dd>
        {analytics.adsId && (
          <>
            <dt>{details.marketing.term}</dt>
            <dd>{details.marketing.text}</dd>
          </>
        )}
      </dl>
      <ConsentChoices words={words} />
    </>
  );
}

/** The two answers, the same in the banner and in its settings; the banner adds "Einstellungen". */
function ConsentChoices({ words, children }: { words: Layout['consent']; children?: ReactNode }) {
  return (
    <div className="consent-actions">
      <button type="button" className="btn btn-primary" data-consent-accept>
        {words.accept}
      </button>{' '}
      <button type="button" className="btn btn-outline" data-consent-necessary>
        {words.necessary}
      </button>
      {children && ' '}
      {children}
    </div>
  );
}

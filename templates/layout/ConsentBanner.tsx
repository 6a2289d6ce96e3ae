import type { ReactNode } from 'react';
import type { Site } from '../../data/schema/site.ts';
import { Icon } from '../components/Icon.tsx';
import { germanList } from '../lib/format.ts';

// Hidden in the HTML: client/consent.ts shows it only when no choice is stored. Without
// JavaScript nothing is tracked, so there is nothing to consent to. It sits at the bottom and
// lifts the floating call button above itself: calling never needs consent.
// It names exactly what "Alle akzeptieren" switches on: our own extended statistics always, Google
// Analytics and Google Ads only where data/site.yaml configures their ids (as the privacy policy).
export function ConsentBanner({ analytics }: { analytics: Site['analytics'] }) {
  const services = ['unsere erweiterte eigene Statistik', analytics.gaMeasurementId ? 'Google Analytics' : null, analytics.adsId ? 'die Anzeigenmessung von Google Ads' : null].filter(
    (name): name is string => name !== null,
  );
  return (
    <section className="consent" data-consent hidden aria-labelledby="consent-title">
      <div className="consent-inner container">
        <div data-consent-simple>
          <h2 id="consent-title" className="consent-title">
            Cookies &amp; Datenschutz
          </h2>
          <p className="consent-text">
            „Alle akzeptieren“ schaltet {germanList(services)} ein. Ohne Ihre Einwilligung sendet Ihr Browser uns keine
            Statistikdaten. Ihre Wahl können Sie jederzeit unten auf jeder Seite unter „Cookie-Einstellungen“ ändern. Mehr in
            der <a href="/datenschutz">Datenschutzerklärung</a>.
          </p>
          <ConsentChoices>
            <button type="button" className="btn btn-ghost" data-consent-settings aria-expanded="false" aria-controls="consent-details">
              Einstellungen
            </button>
          </ConsentChoices>
        </div>
        <div id="consent-details" data-consent-details hidden>
          <div className="consent-details-head">
            <h2 className="consent-title">Einstellungen</h2>
            <button type="button" className="icon-button" data-consent-close aria-label="Einstellungen schließen">
              <Icon name="x" size={22} />
            </button>
          </div>
          <dl className="consent-list">
            <dt>Notwendig (immer aktiv)</dt>
            <dd>Speichert Ihre Auswahl in diesem Browser. Ohne sie funktioniert die Seite nicht wie erwartet.</dd>
            <dt>Statistik</dt>
            <dd>
              Unsere eigene Statistik erfasst Bildschirmgröße, Zeitzone und eine Sitzungskennung für diesen Tab sowie Klicks auf
              „Anrufen“ und „WhatsApp“; gespeichert auf unserem Server mit gekürzter IP-Adresse.
              {analytics.gaMeasurementId &&
                ' Google Analytics wertet mit Cookies pseudonym aus, wie die Seiten genutzt werden; die Daten gehen an Google.'}
            </dd>
            {analytics.adsId && (
              <>
                <dt>Marketing</dt>
                <dd>Google Ads misst mit Cookies, ob eine Anzeige zu einem Anruf oder einer Nachricht geführt hat; Google nutzt diese Daten auch selbst.</dd>
              </>
            )}
          </dl>
          <ConsentChoices />
        </div>
      </div>
    </section>
  );
}

/** The two answers, the same in the banner and in its settings; the banner adds "Einstellungen". */
function ConsentChoices({ children }: { children?: ReactNode }) {
  return (
    <div className="consent-actions">
      <button type="button" className="btn btn-primary" data-consent-accept>
        Alle akzeptieren
      </button>{' '}
      <button type="button" className="btn btn-outline" data-consent-necessary>
        Nur Notwendige
      </button>
      {children && ' '}
      {children}
    </div>
  );
}

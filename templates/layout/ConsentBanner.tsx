import { Icon } from '../components/Icon.tsx';

// Hidden in the HTML: client/consent.ts shows it only when no choice is stored. Without
// JavaScript nothing is tracked, so there is nothing to consent to. It sits at the bottom and
// lifts the floating call button above itself: calling never needs consent.
export function ConsentBanner() {
  return (
    <section className="consent" data-consent hidden aria-labelledby="consent-title">
      <div className="consent-inner container">
        <div data-consent-simple>
          <h2 id="consent-title" className="consent-title">
            Cookies &amp; Datenschutz
          </h2>
          <p className="consent-text">
            Statistik- und Marketing-Dienste nutzen wir nur mit Ihrer Einwilligung. Ihre Wahl können Sie jederzeit unten auf
            jeder Seite unter „Cookie-Einstellungen“ ändern. Mehr in der <a href="/datenschutz">Datenschutzerklärung</a>.
          </p>
          <div className="consent-actions">
            <button type="button" className="btn btn-primary" data-consent-accept>
              Alle akzeptieren
            </button>
            <button type="button" className="btn btn-outline" data-consent-necessary>
              Nur Notwendige
            </button>
            <button type="button" className="btn btn-ghost" data-consent-settings aria-expanded="false" aria-controls="consent-details">
              Einstellungen
            </button>
          </div>
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
            <dd>Google Analytics zeigt uns anonymisiert, welche Seiten helfen. Wird nur nach „Alle akzeptieren“ geladen.</dd>
            <dt>Marketing</dt>
            <dd>Google Ads misst, ob eine Anzeige zu einem Anruf geführt hat. Wird nur nach „Alle akzeptieren“ geladen.</dd>
          </dl>
          <div className="consent-actions">
            <button type="button" className="btn btn-primary" data-consent-accept>
              Alle akzeptieren
            </button>
            <button type="button" className="btn btn-outline" data-consent-necessary>
              Nur Notwendige
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}

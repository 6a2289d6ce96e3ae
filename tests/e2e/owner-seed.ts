// A console worth measuring (tests/e2e/owner-narrow.test.ts): messages, reviews, visits, a failed
// mail and a change of the site, with the long words, e-mail addresses and URLs a real inbox gets.
import type { Db } from '../../server/store/database.ts';

const LONG_WORD = 'Donaudampfschifffahrtsgesellschaftskapitänsmützenschlüsselbundanhänger';
const LONG_MAIL = 'hans-juergen.mueller-luedenscheidt.hausverwaltung@immobilienverwaltung-ruettenscheid-bredeney.example';
const LONG_URL = 'https://www.example.com/schluesseldienst/muelheim-an-der-ruhr/notfall?quelle=kleinanzeigen&kampagne=winter2026_tueroeffnung_ohne_beschaedigung';
const DAY = 86_400_000;

export function seedConsole(db: Db, now: Date): void {
  const at = (daysBack: number) => new Date(now.getTime() - daysBack * DAY).toISOString();
  const message = db.prepare('INSERT INTO contact_messages (created_at, form, name, email, phone, message, mail_status, mail_attempts, mail_last_error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  message.run(at(0), 'kontakt', `Hans-Jürgen Müller-Lüdenscheidt ${LONG_WORD}`, LONG_MAIL, '+49 201 123456789', `Tür zugefallen, ${LONG_WORD}. Foto: ${LONG_URL}\nBitte schnell!`, 'failed', 5, `Error: connect ECONNREFUSED 127.0.0.1:587 (${LONG_URL})`);
  message.run(at(1), 'home', 'Erika Mustermann', 'erika@example.de', '0201 1234567', 'Schlüssel abgebrochen im Zylinder.', 'sent', 1, null);
  message.run(at(2), 'html', 'Ömer Şahin', '', '0170 98765432', `Briefkastenschloss tauschen. ${LONG_URL}`, 'pending', 0, null);

  const review = db.prepare('INSERT INTO google_reviews (id, author_name, rating, text, time_created, synced_at) VALUES (?, ?, ?, ?, ?, ?)');
  review.run('places/x/reviews/1', `Kundin ${LONG_WORD}`, 2, `Zu teuer. ${LONG_URL}`, at(3), at(0));
  review.run('places/x/reviews/2', 'Peter Schmitz', 5, 'Schnell da, sauber geöffnet, fairer Preis.', at(5), at(0));
  review.run('places/x/reviews/3', 'Anonym', 4, null, at(9), at(0));
  db.prepare('INSERT INTO review_syncs (started_at, success, inserted, updated, deleted, place_rating, place_rating_count) VALUES (?, 1, 3, 0, 0, 4.6, 128)').run(at(1));
  db.prepare('INSERT INTO review_syncs (started_at, success, error) VALUES (?, 0, ?)').run(at(0), 'The Google Places API at https://places.googleapis.com answered HTTP 403 (PERMISSION_DENIED: Requests from this referer are blocked.).');

  const berlinDay = (time: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(time);
  const views = db.prepare('INSERT INTO page_counts (day, path, views) VALUES (?, ?, ?)');
  const clicks = db.prepare('INSERT INTO click_counts (day, path, kind, clicks) VALUES (?, ?, ?, ?)');
  for (let back = 0; back < 30; back += 1) {
    const day = berlinDay(now.getTime() - back * DAY);
    views.run(day, '/', 120 + back);
    views.run(day, '/schluesseldienst/muelheim-an-der-ruhr/saarn-mintard-selbeck', 1234 + back);
    clicks.run(day, '/schluesseldienst/muelheim-an-der-ruhr/saarn-mintard-selbeck', 'call', 3 + (back % 4));
    clicks.run(day, '/', 'whatsapp', 1 + (back % 3));
  }

  db.prepare('INSERT INTO mail_delivery (id, last_success_at, last_success_transport, last_failure_at, last_failure_kind, last_failure_error, failing_since) VALUES (1, ?, ?, ?, ?, ?, ?)').run(at(2), 'smtp', at(0), 'connection', `connect ECONNREFUSED 127.0.0.1:587 ${LONG_URL}`, at(1));
  db.prepare("INSERT INTO content_log (at, session, action, outcome, detail) VALUES (?, 'a1b2c3d4', 'save', 'done', ?)").run(at(0), `data/prices.yaml: Zugefallene Tür: 69 € → 79 €; ${LONG_WORD}`);
}

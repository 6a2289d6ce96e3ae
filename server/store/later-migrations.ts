// The migrations from 8 on (server/store/migrations.ts applies them after the first seven, in order).
// Never edit an applied migration: add the next one at the end.
import { berlinDay, berlinHour } from '../../core/berlin-day.ts';
import type { Db } from './database.ts';

/** SQL, or a function for what SQL cannot say (a Berlin calendar day); each runs in one transaction. */
export type Migration = string | ((db: Db) => void);

export const LATER_MIGRATIONS: readonly Migration[] = [
  // 8: the console's statistics (server/visits/counts.ts, log.ts): page views per Berlin day by the
  // category of their Referer (core/visit-source.ts) and by device, and the consented call and
  // WhatsApp clicks per Berlin day and hour, for the weekday × hour table; the clicks the visitor
  // log still holds are counted in.
  (db) => {
    db.exec(`
    CREATE TABLE source_counts (
      day TEXT NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('google', 'maps', 'search', 'social', 'other', 'direct')),
      views INTEGER NOT NULL CHECK (views > 0),
      PRIMARY KEY (day, source)
    ) WITHOUT ROWID;

    CREATE TABLE device_counts (
      day TEXT NOT NULL,
      device TEXT NOT NULL CHECK (device IN ('phone', 'desktop')),
      views INTEGER NOT NULL CHECK (views > 0),
      PRIMARY KEY (day, device)
    ) WITHOUT ROWID;

    CREATE TABLE click_hours (
      day TEXT NOT NULL,
      hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
      kind TEXT NOT NULL CHECK (kind IN ('call', 'whatsapp')),
      clicks INTEGER NOT NULL CHECK (clicks > 0),
      PRIMARY KEY (day, hour, kind)
    ) WITHOUT ROWID;
    `);
    const rows = db.prepare("SELECT created_at, click FROM visits WHERE kind = 'click' AND click IS NOT NULL").all() as { created_at: string; click: string }[];
    const add = db.prepare('INSERT INTO click_hours (day, hour, kind, clicks) VALUES (?, ?, ?, 1) ON CONFLICT (day, hour, kind) DO UPDATE SET clicks = clicks + 1');
    for (const row of rows) add.run(berlinDay(Date.parse(row.created_at)), berlinHour(Date.parse(row.created_at)), row.click);
  },
  // 9: alerts on the owner's phone (server/push/): the VAPID key pair of `npm run owner:push-keys`
  // beside the password hash, the devices the console subscribed to Web Push, and the state of
  // push delivery as a whole for the System page.
  `
  CREATE TABLE owner_push_keys (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    public_key TEXT NOT NULL,
    private_key TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE push_subscriptions (
    id INTEGER PRIMARY KEY,
    endpoint TEXT NOT NULL UNIQUE,
    device_key TEXT NOT NULL,
    auth_secret TEXT NOT NULL,
    label TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE push_delivery (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    last_success_at TEXT,
    last_failure_at TEXT,
    last_failure_kind TEXT,
    last_failure_error TEXT
  );
  `,
  // 10: the log of changes also records a discard of unpublished changes (server/owner/discard.tsx).
  // SQLite cannot change a CHECK: the table is made anew with the same rows.
  `
  CREATE TABLE content_log_next (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    session TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('save', 'preview', 'publish', 'undo', 'discard')),
    outcome TEXT NOT NULL CHECK (outcome IN ('done', 'refused', 'failed')),
    detail TEXT NOT NULL
  );
  INSERT INTO content_log_next (id, at, session, action, outcome, detail) SELECT id, at, session, action, outcome, detail FROM content_log;
  DROP TABLE content_log;
  ALTER TABLE content_log_next RENAME TO content_log;
  `,
];

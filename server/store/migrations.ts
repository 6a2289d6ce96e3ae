// The database's tables, as numbered migrations applied at start-up (PRAGMA user_version).
// Never edit an applied migration: add the next one.
import { berlinDay } from '../../core/berlin-day.ts';
import type { Db } from './database.ts';
import { LATER_MIGRATIONS, type Migration } from './later-migrations.ts';

const MIGRATIONS: readonly Migration[] = [
  // 1: contact messages (committed before any mail is tried), reviews, visits.
  `
  CREATE TABLE contact_messages (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    form TEXT NOT NULL CHECK (form IN ('home', 'kontakt', 'html')),
    name TEXT NOT NULL,
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL,
    mail_status TEXT NOT NULL DEFAULT 'pending' CHECK (mail_status IN ('pending', 'sent', 'failed')),
    mail_attempts INTEGER NOT NULL DEFAULT 0,
    mail_next_attempt_at TEXT,
    mail_last_error TEXT,
    mail_sent_at TEXT
  );
  CREATE INDEX contact_messages_pending ON contact_messages (mail_status, mail_next_attempt_at);

  CREATE TABLE google_reviews (
    id TEXT PRIMARY KEY,
    author_name TEXT NOT NULL,
    author_url TEXT,
    author_photo_url TEXT,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    text TEXT,
    time_created TEXT NOT NULL,
    synced_at TEXT NOT NULL
  );
  CREATE INDEX google_reviews_time ON google_reviews (time_created DESC);

  CREATE TABLE review_syncs (
    id INTEGER PRIMARY KEY,
    started_at TEXT NOT NULL,
    success INTEGER NOT NULL,
    inserted INTEGER NOT NULL DEFAULT 0,
    updated INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    place_rating REAL,
    place_rating_count INTEGER
  );

  CREATE TABLE visits (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('ip', 'visit', 'click')),
    path TEXT NOT NULL,
    ip TEXT NOT NULL DEFAULT '',
    session_id TEXT,
    screen TEXT,
    timezone TEXT,
    click TEXT CHECK (click IN ('call', 'whatsapp'))
  );
  CREATE INDEX visits_created ON visits (created_at);
  `,
  // 2: the server's own page views per Berlin day ("YYYY-MM-DD") and path (server/visits/counts.ts).
  `
  CREATE TABLE page_counts (
    day TEXT NOT NULL,
    path TEXT NOT NULL,
    views INTEGER NOT NULL CHECK (views > 0),
    PRIMARY KEY (day, path)
  ) WITHOUT ROWID;
  `,
  // 3: the owner's console (server/owner/): daily click totals that outlive the visitor log, the
  // owner's password hash and sessions, and the log of database backups (server/store/backup.ts).
  `
  CREATE TABLE click_counts (
    day TEXT NOT NULL,
    path TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('call', 'whatsapp')),
    clicks INTEGER NOT NULL CHECK (clicks > 0),
    PRIMARY KEY (day, path, kind)
  ) WITHOUT ROWID;

  CREATE TABLE owner_account (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    password_hash TEXT NOT NULL,
    set_at TEXT NOT NULL
  );

  CREATE TABLE owner_sessions (
    id_hash TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE backup_runs (
    id INTEGER PRIMARY KEY,
    started_at TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    file TEXT,
    bytes INTEGER,
    error TEXT
  );
  `,
  // 4: the clicks the visitor log still holds, counted into the daily totals (Berlin days).
  (db) => {
    const rows = db.prepare("SELECT created_at, path, click FROM visits WHERE kind = 'click' AND click IS NOT NULL").all() as { created_at: string; path: string; click: string }[];
    const add = db.prepare('INSERT INTO click_counts (day, path, kind, clicks) VALUES (?, ?, ?, 1) ON CONFLICT (day, path, kind) DO UPDATE SET clicks = clicks + 1');
    for (const row of rows) add.run(berlinDay(Date.parse(row.created_at)), row.path, row.click);
  },
  // 5: where each message's mail went (server/contact/outbox.ts), the state of mail delivery as a
  // whole for the console (server/contact/delivery.ts), and the row /healthz writes to prove the
  // database takes writes (server/store/database.ts).
  `
  ALTER TABLE contact_messages ADD COLUMN mail_transport TEXT CHECK (mail_transport IN ('smtp', 'file'));
  ALTER TABLE contact_messages ADD COLUMN mail_sent_to TEXT;

  CREATE TABLE mail_delivery (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    last_success_at TEXT,
    last_success_transport TEXT CHECK (last_success_transport IN ('smtp', 'file')),
    last_failure_at TEXT,
    last_failure_kind TEXT,
    last_failure_error TEXT,
    failing_since TEXT
  );

  CREATE TABLE health_checks (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    checked_at TEXT NOT NULL
  );
  `,
  // 6: what the owner's console changed of the site, when and from which session (server/content/audit.ts).
  `
  CREATE TABLE content_log (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    session TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('save', 'preview', 'publish', 'undo')),
    outcome TEXT NOT NULL CHECK (outcome IN ('done', 'refused', 'failed')),
    detail TEXT NOT NULL
  );
  `,
  // 7: the messages as the owner's inbox (server/owner/inbox-store.ts): a status the owner sets
  // (new, working, done, spam), when the owner first opened the message, a note of the owner's,
  // and why the server refused a message it kept as spam (server/contact/refused.ts).
  `
  ALTER TABLE contact_messages ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'working', 'done', 'spam'));
  ALTER TABLE contact_messages ADD COLUMN opened_at TEXT;
  -- A message from before the inbox reached the owner by mail: not shown as unread.
  UPDATE contact_messages SET opened_at = created_at;
  ALTER TABLE contact_messages ADD COLUMN note TEXT NOT NULL DEFAULT '';
  ALTER TABLE contact_messages ADD COLUMN spam_reason TEXT CHECK (spam_reason IN ('honeypot', 'limit'));
  CREATE INDEX contact_messages_status ON contact_messages (status, id);
  CREATE INDEX contact_messages_refused ON contact_messages (created_at) WHERE spam_reason IS NOT NULL;
  `,
  ...LATER_MIGRATIONS,
];

/** The `user_version` of a database with every migration applied (`npm run restore` refuses a newer one). */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Applies every migration the database has not seen yet, each in its own transaction. */
export function migrate(db: Db): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `The database is at version ${current}, newer than this server knows (${MIGRATIONS.length}). ` +
        'Run the newer server, or point DATABASE_PATH at a database of this version.',
    );
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version += 1) {
    db.transaction(() => {
      const migration = MIGRATIONS[version - 1]!;
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
      db.pragma(`user_version = ${version}`);
    })();
  }
  return MIGRATIONS.length;
}

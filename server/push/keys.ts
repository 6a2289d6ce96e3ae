// The VAPID key pair (RFC 8292) the server signs its pushes with: made by `npm run owner:push-keys`
// (scripts/owner-push-keys.ts) and kept beside the password hash (table owner_push_keys, one row).
// Read on every push, so keys made while the server runs are used at once.
import webpush from 'web-push';
import type { Db } from '../store/database.ts';

export interface PushKeys {
  /** base64url, the uncompressed P-256 point the browser's pushManager.subscribe() takes. */
  publicKey: string;
  privateKey: string;
}

export function storedPushKeys(db: Db): PushKeys | null {
  const row = db.prepare('SELECT public_key, private_key FROM owner_push_keys WHERE id = 1').get() as { public_key: string; private_key: string } | undefined;
  return row ? { publicKey: row.public_key, privateKey: row.private_key } : null;
}

/**
 * Makes and stores a new key pair. Every subscription made with the old public key is no longer
 * accepted by its push service, so they are deleted: each device subscribes again.
 */
export function makePushKeys(db: Db, now: Date = new Date()): PushKeys {
  const keys = webpush.generateVAPIDKeys();
  db.transaction(() => {
    db.prepare(
      'INSERT INTO owner_push_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET public_key = excluded.public_key, private_key = excluded.private_key, created_at = excluded.created_at',
    ).run(keys.publicKey, keys.privateKey, now.toISOString());
    db.prepare('DELETE FROM push_subscriptions').run();
  })();
  return keys;
}

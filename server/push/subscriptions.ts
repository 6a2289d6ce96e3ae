// The devices the owner's console subscribed to Web Push (table push_subscriptions): one row per
// push endpoint, with the browser's keys and a label the owner recognises ("Android-Telefon,
// Chrome", made from the user agent with the words of data/console.yaml).
import { z } from 'zod';
import { fillSlots } from '../../core/slots.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import type { Db } from '../store/database.ts';

export interface PushSubscriptionRow {
  id: number;
  endpoint: string;
  device_key: string;
  auth_secret: string;
  label: string;
  created_at: string;
}

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** What a browser's PushSubscription.toJSON() gives; push services speak only HTTPS (web-push sends nothing else). */
export const subscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  keys: z.object({ p256dh: base64url.min(80).max(100), auth: base64url.min(16).max(30) }),
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;

/** Stores a subscription, or renews the keys and label of a known endpoint; returns its id. */
export function saveSubscription(db: Db, body: SubscriptionBody, label: string, now: Date = new Date()): number {
  db.prepare(
    `INSERT INTO push_subscriptions (endpoint, device_key, auth_secret, label, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (endpoint) DO UPDATE SET device_key = excluded.device_key, auth_secret = excluded.auth_secret, label = excluded.label`,
  ).run(body.endpoint, body.keys.p256dh, body.keys.auth, label, now.toISOString());
  return (db.prepare('SELECT id FROM push_subscriptions WHERE endpoint = ?').get(body.endpoint) as { id: number }).id;
}

export function listSubscriptions(db: Db): PushSubscriptionRow[] {
  return db.prepare('SELECT id, endpoint, device_key, auth_secret, label, created_at FROM push_subscriptions ORDER BY id').all() as PushSubscriptionRow[];
}

export function removeSubscription(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM push_subscriptions WHERE id = ?').run(id).changes > 0;
}

const DEVICES: [RegExp, keyof ConsoleWords['push']['deviceKinds']][] = [
  [/iPhone/, 'iphone'],
  [/iPad/, 'ipad'],
  [/Android.*Mobile/, 'androidPhone'],
  [/Android/, 'androidTablet'],
  [/Windows/, 'windows'],
  [/Macintosh|Mac OS X/, 'mac'],
  [/Linux|X11/, 'linux'],
];
// Order matters: Edge and Samsung's browser also name Chrome, Chrome also names Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** "Android-Telefon, Chrome" from a user agent. */
export function deviceLabel(userAgent: string, words: ConsoleWords['push']): string {
  const device = DEVICES.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'other';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? words.otherBrowser;
  return fillSlots(words.deviceLabel, { device: words.deviceKinds[device], browser });
}

// Sends one notification to every subscribed device (RFC 8030 with VAPID, RFC 8292, and the
// payload encrypted per RFC 8291, all by the web-push package). Never throws: a failure is logged
// for the operator and kept for the System page (table push_delivery); a device its push service
// answers 404 or 410 for has unsubscribed and is deleted.
import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { ApiContext } from '../context.ts';
import type { Db } from '../store/database.ts';
import { storedPushKeys } from './keys.ts';
import { listSubscriptions, type PushSubscriptionRow } from './subscriptions.ts';

/** What the service worker shows (client/push-sw.ts): title, text and the console page a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** Notifications of one tag replace each other on the device. */
  tag: string;
}

export type PushFailureKind = 'gone' | 'rejected' | 'network' | 'other';

export interface PushOutcome {
  sent: number;
  failed: number;
  removed: number;
}

/** What a push needs: the database, the log, and the site's mail address as the VAPID contact. */
export type PushContext = Pick<ApiContext, 'db' | 'log' | 'site' | 'config'>;

/** One TLS agent per extra certificate authority (tests' local push service: FeatureConfig.pushCa). */
const agents = new Map<string, Agent>();
const agentFor = (ca: string | null): Agent | undefined => (ca === null ? undefined : agents.get(ca) ?? agents.set(ca, new Agent({ ca })).get(ca));

const TIMEOUT_MS = 10_000;
/** A message a device gets later than a day is of no use any more (the mail has it). */
const TTL_SECONDS = 24 * 60 * 60;

function recordPushFailure(db: Db, kind: PushFailureKind, error: string, now: Date): void {
  db.prepare(
    `INSERT INTO push_delivery (id, last_failure_at, last_failure_kind, last_failure_error) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET last_failure_at = excluded.last_failure_at, last_failure_kind = excluded.last_failure_kind, last_failure_error = excluded.last_failure_error`,
  ).run(now.toISOString(), kind, error);
}

function recordPushSuccess(db: Db, now: Date): void {
  db.prepare('INSERT INTO push_delivery (id, last_success_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET last_success_at = excluded.last_success_at').run(now.toISOString());
}

function failureOf(error: unknown): { kind: PushFailureKind; text: string } {
  if (error instanceof WebPushError) {
    const kind = error.statusCode === 404 || error.statusCode === 410 ? 'gone' : 'rejected';
    return { kind, text: `HTTP ${error.statusCode}${error.body ? `: ${String(error.body).slice(0, 200)}` : ''}` };
  }
  const code = (error as { code?: unknown }).code;
  const network = typeof code === 'string' && /^(E[A-Z]+|UND_ERR)/.test(code);
  return { kind: network ? 'network' : 'other', text: (error as Error).message || String(error) };
}

/** The status code a `rejected` failure carried ("HTTP 413: …" → "413"), for the owner's sentence. */
export function failureStatus(error: string): string {
  return /^HTTP (\d+)/.exec(error)?.[1] ?? '?';
}

async function sendOne(context: PushContext, row: PushSubscriptionRow, payload: string, vapid: { subject: string; publicKey: string; privateKey: string }): Promise<'sent' | 'failed' | 'removed'> {
  const { db, log } = context;
  try {
    await webpush.sendNotification({ endpoint: row.endpoint, keys: { p256dh: row.device_key, auth: row.auth_secret } }, payload, { vapidDetails: vapid, TTL: TTL_SECONDS, urgency: 'high', timeout: TIMEOUT_MS, agent: agentFor(context.config.pushCa) });
    recordPushSuccess(db, new Date());
    return 'sent';
  } catch (error) {
    const failure = failureOf(error);
    recordPushFailure(db, failure.kind, failure.text, new Date());
    if (failure.kind === 'gone') {
      db.prepare('DELETE FROM push_subscriptions WHERE id = ?').run(row.id);
      log(`Push: the push service answered ${failure.text} for device ${row.id} (${row.label}): it has unsubscribed, so it was deleted.`);
      return 'removed';
    }
    log(`Push: sending to device ${row.id} (${row.label}) failed (${failure.kind}): ${failure.text}`);
    return 'failed';
  }
}

/** Sends `message` to every subscribed device at once; resolves when each has answered or failed. */
export async function pushToOwner(context: PushContext, message: PushMessage): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, failed: 0, removed: 0 };
  try {
    const rows = listSubscriptions(context.db);
    if (rows.length === 0) return outcome;
    const keys = storedPushKeys(context.db);
    const email = context.site?.email;
    if (keys === null || !email) {
      context.log(`Push: ${rows.length} device(s) subscribed, but ${keys === null ? 'no VAPID keys are stored (run "npm run owner:push-keys")' : 'dist/_server/site.json names no e-mail address for the VAPID contact (run "npm run build")'}; nothing was sent.`);
      return outcome;
    }
    const vapid = { subject: `mailto:${email}`, ...keys };
    const payload = JSON.stringify(message);
    for (const result of await Promise.all(rows.map((row) => sendOne(context, row, payload, vapid)))) outcome[result] += 1;
  } catch (error) {
    context.log(`Push: cannot send (${(error as Error).message}).`);
  }
  return outcome;
}

export interface PushDeliveryState {
  lastSuccessAt: string | null;
  lastFailure: { at: string; kind: PushFailureKind; error: string } | null;
}

export function pushDeliveryState(db: Db): PushDeliveryState {
  const row = db.prepare('SELECT last_success_at, last_failure_at, last_failure_kind, last_failure_error FROM push_delivery WHERE id = 1').get() as
    | { last_success_at: string | null; last_failure_at: string | null; last_failure_kind: PushFailureKind | null; last_failure_error: string | null }
    | undefined;
  return {
    lastSuccessAt: row?.last_success_at ?? null,
    lastFailure: row?.last_failure_at ? { at: row.last_failure_at, kind: row.last_failure_kind ?? 'other', error: row.last_failure_error ?? '' } : null,
  };
}

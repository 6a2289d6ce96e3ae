// The go-live check as the console's System page shows it (core/go-live.ts): the build's items of
// data/ and SITE_URL (dist/_server/site.json), and what this running server sees itself: how mail
// goes out (a real conversation with the SMTP server), the owner's password, the last backup.
// `npm run check` (scripts/check.ts) lists the same items for the operator.
import { backupItems, mailItems, passwordItems, type GoLiveItem, type SmtpCheck } from '../../core/go-live.ts';
import type { ApiContext } from '../context.ts';
import { failureKind } from '../contact/delivery.ts';
import { mailTransport, probeSmtp, type SmtpProbe } from '../contact/mail.ts';
import { backupStatus } from '../store/backup-record.ts';
import type { Db } from '../store/database.ts';
import { storedPasswordHash } from './password.ts';

/** A System page asks the SMTP server again after this long; in between it shows the last answer. */
const PROBE_KEPT_MS = 60_000;
const probes = new Map<string, { at: number; check: Promise<SmtpCheck> }>();

/** The probe's outcome in the go-live check's terms. */
export function smtpCheckOf(probe: SmtpProbe): SmtpCheck {
  if (probe.ok) return { ok: true };
  return { ok: false, kind: probe.timedOut ? 'timeout' : failureKind({ code: probe.code }), error: probe.error };
}

function smtpCheck(url: string, now: number): Promise<SmtpCheck> {
  const kept = probes.get(url);
  if (kept !== undefined && now - kept.at < PROBE_KEPT_MS) return kept.check;
  const check = probeSmtp(url).then(smtpCheckOf);
  probes.set(url, { at: now, check });
  return check;
}

/** What running the site needs, as this server and its database (null: none yet) see it. */
export async function runningItems(db: Db | null, config: Pick<ApiContext['config'], 'smtpUrl' | 'mailDir' | 'backupDir'>, now: Date): Promise<GoLiveItem[]> {
  const transport = mailTransport(config);
  const smtp = transport.kind === 'smtp' ? transport : null;
  const check = config.smtpUrl === null ? null : await smtpCheck(config.smtpUrl, now.getTime());
  const passwordSet = db !== null && storedPasswordHash(db) !== null;
  const backupAt = db === null ? null : (backupStatus(db.name, config.backupDir).lastBackup?.at ?? null);
  return [...mailItems(smtp, check), ...passwordItems(passwordSet), ...backupItems(backupAt, now)];
}

export interface GoLiveStatus {
  production: boolean;
  items: GoLiveItem[];
}

export async function goLiveStatus(api: ApiContext, now: Date): Promise<GoLiveStatus> {
  return { production: api.config.production, items: [...(api.site?.goLive ?? []), ...(await runningItems(api.db, api.config, now))] };
}

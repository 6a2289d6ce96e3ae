// The go-live check's items, one shape for all: the facts of data/ that are still examples or
// unconfirmed (build/check.ts) and what running the site needs (mail through SMTP, the site's
// address, the owner's password, a recent backup: server/owner/go-live.ts, scripts/check.ts). Each
// item has its group, an English line for `npm run check` and the build, and a kind with slots
// for the German text of the console's System page (data/console.yaml, goLive.items).

export const GO_LIVE_GROUPS = ['required', 'recommended', 'optional'] as const;
export type GoLiveGroup = (typeof GO_LIVE_GROUPS)[number];

/** The groups' headings in `npm run check`. */
export const GO_LIVE_GROUP_TITLES: Record<GoLiveGroup, string> = { required: 'Before going live', recommended: 'Recommended', optional: 'Optional' };

export const GO_LIVE_KINDS = [
  // data/
  'example',
  'missing',
  'unset',
  'unconfirmed',
  'lawyer',
  'invented',
  'placeholder',
  'reviewLink',
  // running the site
  'siteUrlExample',
  'siteUrlDiffers',
  'smtpUnset',
  'smtpFailed',
  'noPassword',
  'noBackup',
  'oldBackup',
] as const;
export type GoLiveKind = (typeof GO_LIVE_KINDS)[number];

export interface GoLiveItem {
  group: GoLiveGroup;
  kind: GoLiveKind;
  /** The values of the German text's slots (file, field, value, url, time …). */
  slots: Record<string, string>;
  /** English, for the operator: what is wrong and what to do. */
  text: string;
  /** About running the site: a problem in production (NODE_ENV=production), information otherwise. */
  running: boolean;
}

/** Why an SMTP conversation failed, as the console explains it (server/contact/delivery.ts's kinds). */
export type SmtpFailureKind = 'auth' | 'connection' | 'timeout' | 'rejected' | 'other';

/** What the go-live check learnt from talking to the SMTP server. */
export type SmtpCheck = { ok: true } | { ok: false; kind: SmtpFailureKind; error: string };

/** A backup run this long ago at most counts as recent: a nightly job with two hours to spare. */
export const BACKUP_MAX_AGE_HOURS = 26;

/** Hosts that are no site's real address: the reserved example domains, test names, this machine. */
export function isExampleHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (/(^|\.)example(\.(de|com|org|net))?$/.test(host)) return true;
  if (/(^|\.)(localhost|test|invalid|local)$/.test(host)) return true;
  return host === '127.0.0.1' || host === '::1' || host === '0.0.0.0';
}

/** A name or street of the shipped example data ("Max Mustermann", "Musterstraße 1"). */
export const isExampleName = (text: string): boolean => /muster/i.test(text);

/** A review link that is a Google Maps search, not the review page of the business profile. */
export const isReviewSearch = (url: string): boolean => /\/maps\/search\//.test(url);

/** E-mail addresses of the reserved example domains, which no one reads. */
export const isExampleMail = (email: string): boolean => /@(example\.(com|org|net)|[^@]+\.example)$/i.test(email);

/** The URL's host when it parses, else the text itself (which then is no real address either). */
function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

const bare = (url: string) => url.replace(/\/+$/, '');

/**
 * The site's address as the server runs it (SITE_URL, null when unset: the build then takes
 * data/site.yaml's `url`): an example host, or one that differs from site.yaml's.
 */
export function siteUrlItems(siteUrl: string | null, dataUrl: string): GoLiveItem[] {
  if (siteUrl === null) return [];
  const host = hostOf(siteUrl);
  if (host === null || isExampleHost(host)) {
    return [{ group: 'required', kind: 'siteUrlExample', slots: { url: siteUrl }, running: true, text: `SITE_URL is "${siteUrl}", an example address: canonical links, the sitemap and Open Graph would point there. Set SITE_URL to the site's real address, the url of data/site.yaml, or remove it.` }];
  }
  if (bare(siteUrl) !== bare(dataUrl)) {
    return [{ group: 'required', kind: 'siteUrlDiffers', slots: { url: siteUrl, dataUrl }, running: true, text: `SITE_URL is "${siteUrl}", but data/site.yaml's url is "${dataUrl}": set both to the site's real address.` }];
  }
  return [];
}

/** Mail goes out through SMTP: SMTP_URL is set, and the configured server took a conversation. */
export function mailItems(smtp: { host: string; port: number } | null, check: SmtpCheck | null): GoLiveItem[] {
  if (smtp === null) {
    return [{ group: 'required', kind: 'smtpUnset', slots: {}, running: true, text: 'SMTP_URL is unset: contact messages only become .eml files in MAIL_DIR on the server and nobody is told. Set SMTP_URL (e.g. smtps://user:password@mail.example.de:465) in the environment file.' }];
  }
  if (check === null || check.ok) return [];
  const server = `${smtp.host}:${smtp.port}`;
  return [{ group: 'required', kind: 'smtpFailed', slots: { server, reason: check.kind, error: check.error }, running: true, text: `The SMTP server ${server} of SMTP_URL did not take a conversation (${check.error}): check SMTP_URL's host, port, user and password.` }];
}

export function passwordItems(passwordSet: boolean): GoLiveItem[] {
  if (passwordSet) return [];
  return [{ group: 'required', kind: 'noPassword', slots: {}, running: true, text: "No owner password is set: the console at /intern, where every message stays readable, is locked. Run `npm run owner:password` on the server." }];
}

/** The newest successful backup (its start, ISO), written within BACKUP_MAX_AGE_HOURS of `now`. */
export function backupItems(lastBackupAt: string | null, now: Date): GoLiveItem[] {
  if (lastBackupAt === null) {
    return [{ group: 'recommended', kind: 'noBackup', slots: {}, running: true, text: 'No backup of the database was written yet: run `npm run backup` once, and keep the server running with its nightly job (BACKUP_CRON, JOBS not off).' }];
  }
  if (now.getTime() - Date.parse(lastBackupAt) <= BACKUP_MAX_AGE_HOURS * 3_600_000) return [];
  return [{ group: 'recommended', kind: 'oldBackup', slots: { time: lastBackupAt }, running: true, text: `The last backup was written at ${lastBackupAt}, more than ${BACKUP_MAX_AGE_HOURS} hours ago: check that the server runs its nightly job (BACKUP_CRON, JOBS not off) and that BACKUP_DIR is writable; \`npm run backup\` writes one now.` }];
}

/**
 * Whether `npm run build -- --production` refuses for this item (build/check.ts, checkData): every
 * item of data/ before going live, and of running the site only an example SITE_URL, which would
 * put that address into canonical links, the sitemap and Open Graph. The console's preview, publish
 * and Start page count by the same rule (server/content/publisher.ts, server/owner/start.tsx).
 */
export function refusedInProduction(item: GoLiveItem): boolean {
  return item.group === 'required' && (!item.running || item.kind === 'siteUrlExample');
}

/** The items a deployment must still see to: every data item, and the running ones in production only. */
export function openItems(items: readonly GoLiveItem[], production: boolean): GoLiveItem[] {
  return items.filter((item) => production || !item.running);
}

// Bewertungen (the last sync and "Jetzt synchronisieren") and System (database, mail queue,
// backups, the build).
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import type { MailDeliveryState } from '../../contact/delivery.ts';
import type { MailTransport } from '../../contact/mail.ts';
import type { GoLiveStatus } from '../go-live.ts';
import { GoLiveList } from './go-live-view.tsx';
import { consolePage, berlinTime, megabytes, Notice, number, PostButton, SECTION_PATHS, type ConsolePage } from './render.tsx';
import type { ContentLogEntry } from '../../content/audit.ts';
import { ContentLog } from './content-log-view.tsx';
import { LoginFacts, type LoginCounts } from './login-facts-view.tsx';
import { failureKindOf } from '../../reviews/google.ts';

export const SYNC_PATH = `${SECTION_PATHS.reviews}/abgleichen`;

export interface ReviewsStatus {
  stored: { count: number; average: number };
  google: { rating: number; count: number } | null;
  lastSync: { startedAt: string; success: boolean; inserted: number; updated: number; deleted: number; error: string | null } | null;
}

const stars = (value: number) => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(value);

/** Why the last sync failed, as the owner reads it. */
function syncFailureText(w: ConsoleWords['reviews'], error: string | null): string {
  const kind = failureKindOf(error ?? '');
  return kind === 'config' || kind === 'refused' || kind === 'network' ? w.failures[kind] : kind === 'timeout' ? w.failures.network : w.failures.other;
}

export function reviewsPage(words: ConsoleWords, status: ReviewsStatus, synced: boolean): ConsolePage {
  const w = words.reviews;
  const last = status.lastSync;
  // A failure in one German sentence with what to do; the server's English message is the operator's log's.
  const outcome = last && (last.success ? fillSlots(w.success, { inserted: last.inserted, updated: last.updated, deleted: last.deleted }) : fillSlots(w.failure, { reason: syncFailureText(w, last.error) }));
  return consolePage(
    w.title,
    'reviews',
    <>
      {synced && last && <Notice kind={last.success ? 'info' : 'error'}>{outcome}</Notice>}
      <p>{status.stored.count === 0 ? w.none : fillSlots(w.stored, { count: number(status.stored.count), average: stars(status.stored.average) })}</p>
      {status.google && <p>{fillSlots(w.google, { rating: stars(status.google.rating), count: number(status.google.count) })}</p>}
      <p>
        {last === null ? w.neverSynced : fillSlots(w.lastSync, { time: berlinTime(last.startedAt) })}
        {last && !synced && ` ${outcome}`}
      </p>
      <PostButton action={SYNC_PATH} label={w.sync} primary />
    </>,
  );
}

export interface SystemStatus {
  databaseBytes: number;
  pendingMails: number;
  lastBackup: { at: string; file: string; bytes: number } | null;
  lastFailure: { at: string; error: string } | null;
  copies: number;
  build: { date: string; version: string } | null;
  /** A release the server would not switch to (server/release.ts), until one is served after it. */
  refusedRelease: { at: string; reason: string } | null;
  mail: { transport: MailTransport; delivery: MailDeliveryState };
  goLive: GoLiveStatus;
  contentLog: readonly ContentLogEntry[];
  /** Wrong passwords and refused logins of the last 24 hours (server/owner/login-record.ts); null when this server keeps none. */
  logins?: LoginCounts | null;
}

type SystemWords = ConsoleWords['system'];

export const transportText = (w: SystemWords, transport: MailTransport): string =>
  transport.kind === 'smtp' ? fillSlots(w.transportSmtp, { host: transport.host, port: transport.port }) : fillSlots(w.transportFile, { folder: transport.folder });

/** Why the last send failed and what to do, then the mail server's own words. */
export const failureText = (w: SystemWords, failure: NonNullable<MailDeliveryState['lastFailure']>): string =>
  fillSlots(w.mailFailure, { time: berlinTime(failure.at), reason: w.mailFailures[failure.kind], error: failure.error });

/** How mail goes out, the last mail that did and the last failure. */
function MailFacts({ w, mail }: { w: SystemWords; mail: SystemStatus['mail'] }) {
  const { lastSuccess, lastFailure } = mail.delivery;
  return (
    <>
      <dt>{w.mailTransport}</dt>
      <dd>{transportText(w, mail.transport)}</dd>
      <dt>{w.lastMailSuccess}</dt>
      <dd>{lastSuccess ? fillSlots(lastSuccess.transport === 'smtp' ? w.mailSuccessSmtp : w.mailSuccessFile, { time: berlinTime(lastSuccess.at) }) : w.noMailYet}</dd>
      <dt>{w.lastMailFailure}</dt>
      <dd>{lastFailure ? failureText(w, lastFailure) : w.noMailFailure}</dd>
    </>
  );
}

export function systemPage(words: ConsoleWords, status: SystemStatus): ConsolePage {
  const w = words.system;
  const backup = status.lastBackup;
  return consolePage(
    w.title,
    'system',
    <>
      {status.refusedRelease && <Notice kind="error">{fillSlots(w.releaseRefused, { time: berlinTime(status.refusedRelease.at), error: status.refusedRelease.reason })}</Notice>}
      {status.lastFailure && <Notice kind="error">{fillSlots(w.backupFailed, { time: berlinTime(status.lastFailure.at), error: status.lastFailure.error })}</Notice>}
      <dl className="console-facts">
        <MailFacts w={w} mail={status.mail} />
        <LoginFacts w={w} logins={status.logins} />
        <dt>{w.database}</dt>
        <dd>{megabytes(status.databaseBytes)}</dd>
        <dt>{w.pendingMails}</dt>
        <dd>{number(status.pendingMails)}</dd>
        <dt>{w.lastBackup}</dt>
        <dd>{backup ? `${berlinTime(backup.at)}, ${backup.file}, ${megabytes(backup.bytes)}` : w.noBackup}</dd>
        <dt>{w.backupCopies}</dt>
        <dd>{number(status.copies)}</dd>
        {status.build && (
          <>
            <dt>{w.build}</dt>
            <dd>{berlinTime(status.build.date)}</dd>
            <dt>{w.version}</dt>
            <dd>{status.build.version}</dd>
          </>
        )}
      </dl>
      <GoLiveList words={words} status={status.goLive} />
      <ContentLog words={words} entries={status.contentLog} />
    </>,
  );
}

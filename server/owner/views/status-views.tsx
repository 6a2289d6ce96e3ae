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
import { failureKindOf } from '../../reviews/google.ts';
import type { BackupStatus } from '../../store/backup-record.ts';
import type { BackupOverdue } from '../../store/backup-watch.ts';
import { BackupFacts, BackupNotices } from './backup-view.tsx';

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
  backups: BackupStatus;
  backupOverdue: BackupOverdue | null;
  build: { date: string; version: string } | null;
  /** A release the server would not switch to (server/release.ts), until one is served after it. */
  refusedRelease: { at: string; reason: string } | null;
  mail: { transport: MailTransport; delivery: MailDeliveryState };
  goLive: GoLiveStatus;
  contentLog: readonly ContentLogEntry[];
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
  return consolePage(
    w.title,
    'system',
    <>
      {status.refusedRelease && <Notice kind="error">{fillSlots(w.releaseRefused, { time: berlinTime(status.refusedRelease.at), error: status.refusedRelease.reason })}</Notice>}
      <BackupNotices words={words} status={status.backups} overdue={status.backupOverdue} />
      <dl className="console-facts">
        <MailFacts w={w} mail={status.mail} />
        <dt>{w.database}</dt>
        <dd>{megabytes(status.databaseBytes)}</dd>
        <dt>{w.pendingMails}</dt>
        <dd>{number(status.pendingMails)}</dd>
        <BackupFacts words={words} status={status.backups} />
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

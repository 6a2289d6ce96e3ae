// System (database, mail queue, backups, the build); Bewertungen is server/owner/views/reviews-view.tsx.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import type { MailDeliveryState } from '../../contact/delivery.ts';
import type { MailTransport } from '../../contact/mail.ts';
import type { GoLiveStatus } from '../go-live.ts';
import { GoLiveList } from './go-live-view.tsx';
import { consolePage, berlinTime, megabytes, Notice, number, type ConsolePage } from './render.tsx';
import type { ContentLogEntry } from '../../content/audit.ts';
import { ContentLog } from './content-log-view.tsx';
import type { BackupStatus } from '../../store/backup-record.ts';
import type { BackupOverdue } from '../../store/backup-watch.ts';
import { BackupFacts, BackupNotices } from './backup-view.tsx';
import { LoginFacts, type LoginCounts } from './login-facts-view.tsx';

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
  /** Wrong passwords and refused logins of the last 24 hours (server/owner/login-record.ts); null when this server keeps none. */
  logins?: LoginCounts | null;
}

type SystemWords = ConsoleWords['system'];

export const transportText = (w: SystemWords, transport: MailTransport): string =>
  transport.kind === 'smtp' ? fillSlots(w.transportSmtp, { host: transport.host, port: transport.port }) : fillSlots(w.transportFile, { folder: transport.folder });

/** Why the last send failed and what to do; the mail server's own (English) words are the operator's log's (server/contact/outbox.ts). */
export const failureText = (w: SystemWords, failure: NonNullable<MailDeliveryState['lastFailure']>): string =>
  fillSlots(w.mailFailure, { time: berlinTime(failure.at), reason: w.mailFailures[failure.kind] });

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
        <LoginFacts w={w} logins={status.logins} />
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

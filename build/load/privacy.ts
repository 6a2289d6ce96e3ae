// The privacy policy's list of what the server stores, from data/privacy.yaml and the retention
// the server applies (core/retention.ts), as Markdown for {{privacy.storage}}. "{spamDays}" is the
// spam retention, the other placeholders as data/privacy.yaml says.
import { sentenceStart } from '../../core/place.ts';
import type { Privacy } from '../../core/schema/privacy.ts';

export interface RetentionFacts {
  contactDays: number;
  /** Days a message marked as spam is kept (core/retention.ts, SPAM_RETENTION_DAYS). */
  spamDays: number;
  visitDays: number;
  pageCountMonths: number;
  /** Hours of inactivity after which a session of the owner's console ends. */
  ownerSessionHours: number;
  /** Days and weeks of database backups kept: the newest copy of each. */
  backupDays: number;
  /** Weeks after which no database backup holds a row any more. */
  backupWeeks: number;
  /** The last copies kept however close together, within those weeks. */
  backupLast: number;
}

export function storageMarkdown(privacy: Privacy, retention: RetentionFacts): string {
  const period = (key: Privacy['tables'][number]['retention']) =>
    (privacy.retention[key] ?? '')
      .replace('{days}', String(key === 'contact' ? retention.contactDays : retention.visitDays))
      .replace('{spamDays}', String(retention.spamDays))
      .replace('{months}', String(retention.pageCountMonths))
      .replace('{hours}', String(retention.ownerSessionHours));
  return privacy.tables
    .map((table) => `- **${sentenceStart(table.what)}**: ${Object.values(table.columns).join('; ')}. Speicherdauer: ${period(table.retention)}. Rechtsgrundlage: ${table.basis}.`)
    .join('\n');
}


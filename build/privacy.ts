// The privacy policy's list of what the server stores, from data/privacy.yaml and the retention
// the server applies (data/schema/retention.ts), as Markdown for {{privacy.storage}}.
import type { Privacy } from '../data/schema/privacy.ts';

export interface RetentionFacts {
  contactDays: number;
  visitDays: number;
  pageCountMonths: number;
}

export function storageMarkdown(privacy: Privacy, retention: RetentionFacts): string {
  const period = (key: Privacy['tables'][number]['retention']) =>
    (privacy.retention[key] ?? '')
      .replace('{days}', String(key === 'contact' ? retention.contactDays : retention.visitDays))
      .replace('{months}', String(retention.pageCountMonths));
  return privacy.tables
    .map((table) => `- **${capitalise(table.what)}**: ${Object.values(table.columns).join('; ')}. Speicherdauer: ${period(table.retention)}. Rechtsgrundlage: ${table.basis}.`)
    .join('\n');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

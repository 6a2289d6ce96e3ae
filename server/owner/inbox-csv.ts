// The CSV export of the inbox (docs/owner-console.md, "Export"): what German Excel opens with a
// double click. UTF-8 with a byte order mark (without it Excel reads the umlauts as Windows-1252),
// ";" between cells (Excel in German uses "," as the decimal sign), CRLF between rows, a cell in
// double quotes when it holds ";", a quote or a line break. A cell that Excel would take for a
// formula (one starting with =, +, -, @, a tab or a carriage return: OWASP, "CSV Injection") gets
// a leading apostrophe and is quoted, so Excel shows the text and computes nothing.
import type { ConsoleWords } from '../../core/schema/console.ts';
import { formatBerlinTime } from '../../core/format.ts';
import { neverMailed, type MessageRow } from './messages.ts';

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) || text !== value ? `"${text.replace(/"/g, '""')}"` : text;
}

type Column = keyof ConsoleWords['inbox']['csv']['columns'];
const COLUMNS: readonly Column[] = ['id', 'received', 'status', 'name', 'email', 'phone', 'message', 'note', 'form', 'spam', 'mail'];

function cells(words: ConsoleWords, row: MessageRow): Record<Column, string> {
  const w = words.inbox;
  return {
    id: String(row.id),
    received: formatBerlinTime(row.created_at),
    status: w.statuses[row.status],
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    note: row.note,
    form: words.messages.forms[row.form],
    spam: row.spam_reason ? w.spamReasons[row.spam_reason] : '',
    mail: row.spam_reason && neverMailed(row) ? w.csv.mail.none : w.csv.mail[row.mail_status],
  };
}

/** The whole file: byte order mark, the German headings, one row per message. */
export function inboxCsv(words: ConsoleWords, rows: readonly MessageRow[]): string {
  const lines = [COLUMNS.map((column) => csvCell(words.inbox.csv.columns[column]))];
  for (const row of rows) {
    const values = cells(words, row);
    lines.push(COLUMNS.map((column) => csvCell(values[column])));
  }
  return `${BOM}${lines.map((line) => line.join(';')).join('\r\n')}\r\n`;
}

// Pure formatting helpers shared by pages, the build and the browser.

const euroFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0 });
const euroCentsFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

/** 69 → "69 €", 100.5 → "100,50 €" (German style, no needless cents). */
export function formatEuro(amount: number): string {
  return Number.isInteger(amount) ? euroFormat.format(amount) : euroCentsFormat.format(amount);
}

/** "24. November 2026": the version date of the legal pages; "2026-11-24" is that calendar day. */
export function formatGermanDate(date: Date | string): string {
  // Noon UTC is the same calendar day in Berlin in every season.
  const day = typeof date === 'string' ? new Date(`${date}T12:00:00Z`) : date;
  return new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(day);
}

const BERLIN_TIME = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });

/** "27.11.2026, 15:50" in Essen's time (the owner's console, the notification mail); the text adds "Uhr". */
export function formatBerlinTime(at: string | number | Date): string {
  return BERLIN_TIME.format(new Date(at));
}

export function telHref(e164: string): string {
  return `tel:${e164}`;
}

/** wa.me wants the number without "+" and without spaces. */
export function whatsappHref(e164: string): string {
  return `https://wa.me/${e164.replace(/^\+/, '')}`;
}

/** ["a", "b", "c"] → "a, b und c". */
export function germanList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} und ${items.at(-1)}`;
}

/**
 * The words of a text as a reader counts them: runs of letters or digits, joined across a hyphen,
 * apostrophe or decimal sign ("Rhein-Herne-Kanal", "30.000" are one word each).
 */
export function words(value: string): string[] {
  return value.match(/[\p{L}\p{N}]+(?:[-'’.,][\p{L}\p{N}]+)*/gu) ?? [];
}

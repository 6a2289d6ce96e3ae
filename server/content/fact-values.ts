// How the owner's typed text becomes a business fact of data/site.yaml and the legal texts' front
// matter (the forms of server/content/contact-form.ts and legal-form.ts): each kind accepts what an
// owner would type ("0201 / 123 45 67", "Mo-Fr", "27.11.2026", "de 123 456 789") and stores it in
// the one form the schema (core/schema/site.ts, core/schema/legal.ts) and the pages read; what
// does not fit gets its kind's German message (data/console.yaml, `form.problems`).
import type { ConsoleWords } from '../../core/schema/console.ts';
import { germanPhoneNumber, isMobileNumber } from '../../core/phone-number.ts';
import { isoDay } from '../../core/schema/legal.ts';
import type { EditValue } from './yaml-edit.ts';

/**
 * phone: a German number with its area code; mobile: a German mobile number (WhatsApp);
 * email; url: an https address; postcode: five digits; days: "Mo–Fr" or "Sa"; date: a calendar
 * day, stored "2026-11-27"; vatId: "DE" and nine digits, or empty (none); fact: a text, or empty
 * (not known yet: null), or `false` (does not apply, the field's checkbox); flag: yes or no.
 */
export type FactKind = 'phone' | 'mobile' | 'email' | 'url' | 'postcode' | 'days' | 'date' | 'vatId' | 'fact' | 'flag';

type ProblemWords = ConsoleWords['form']['problems'];
type Parsed = { value: EditValue } | { problem: string };

const DAY = '(Mo|Di|Mi|Do|Fr|Sa|So)';
const DAYS = new RegExp(`^${DAY}(?:\\s*(?:[-–—]|bis)\\s*${DAY})?$`, 'i');
const capitalised = (day: string) => day.charAt(0).toUpperCase() + day.slice(1).toLowerCase();

/** "2026-11-27" (as a date input posts it) or "27.11.2026" as the day "2026-11-27". */
function typedDay(text: string): string | null {
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const iso = german ? `${german[3]}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}` : text;
  return isoDay.safeParse(iso).success ? iso : null;
}

function httpsAddress(typed: string): string | null {
  // "www.ihr-betrieb.de" can only mean the site's address: it gets the https:// a browser would add.
  const text = /^www\.[^\s/]+\.[^\s]+$/i.test(typed) ? `https://${typed}` : typed;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.') && !/\s/.test(text) ? text : null;
  } catch {
    return null;
  }
}

function phoneValue(text: string, mobile: boolean, words: ProblemWords): Parsed {
  const number = germanPhoneNumber(text);
  if ('problem' in number) return { problem: mobile ? words.mobile : words.phone };
  if (mobile && !isMobileNumber(number.e164)) return { problem: words.mobile };
  return { value: number.display };
}

/** The typed text (spaces already collapsed) as the fact's value, or the German message of what is wrong. */
export function factValue(kind: FactKind, text: string, options: { notApplicable: boolean }, words: ProblemWords): Parsed {
  switch (kind) {
    case 'phone':
    case 'mobile':
      return phoneValue(text, kind === 'mobile', words);
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/.test(text) ? { value: text } : { problem: words.email };
    case 'url': {
      const url = httpsAddress(text);
      return url ? { value: url } : { problem: words.url };
    }
    case 'postcode': {
      const digits = text.replace(/\s/g, '');
      return /^\d{5}$/.test(digits) ? { value: digits } : { problem: words.postcode };
    }
    case 'days': {
      const match = DAYS.exec(text);
      return match ? { value: match[2] ? `${capitalised(match[1]!)}–${capitalised(match[2])}` : capitalised(match[1]!) } : { problem: words.days };
    }
    case 'date': {
      const day = typedDay(text);
      return day ? { value: day } : { problem: words.date };
    }
    case 'vatId': {
      const id = text.replace(/\s/g, '').toUpperCase();
      return id === '' ? { value: null } : /^DE\d{9}$/.test(id) ? { value: id } : { problem: words.vatId };
    }
    case 'fact':
      if (options.notApplicable) return { value: false };
      return text === '' ? { value: null } : text.length >= 2 ? { value: text } : { problem: words.fact };
    case 'flag':
      return text === 'true' || text === 'false' ? { value: text === 'true' } : { problem: words.flag };
  }
}

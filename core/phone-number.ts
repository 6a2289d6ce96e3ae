// A German phone number as the owner types it ("0201 123 456 7", "+49 (0)201 1234567",
// "0049 170 1234567", "(0201) 12 34 56-7"), made into the two forms data/site.yaml keeps for it
// (core/schema/site.ts, phoneSchema): `e164`, what a tap dials (tel: and WhatsApp links,
// structured data), and `display`, what visitors read: the digits grouped as typed, with spaces.

export interface PhoneNumber {
  /** "+492011234567" */
  e164: string;
  /** "0201 123 456 7", "+49 201 1234567" */
  display: string;
}

/** foreign: a number of another country; invalid: no German number with its area code. */
export type PhoneProblem = 'foreign' | 'invalid';

/**
 * The digits after +49 of a German number, without the leading 0 of the area code: seven to eleven
 * (a two-digit area code such as Berlin's 30 with five digits, up to a mobile number of eleven;
 * ITU-T E.164 assignment of Germany, Bundesnetzagentur's numbering plan).
 */
const NATIONAL = /^[1-9]\d{6,10}$/;
/** What may stand between the digits: spaces, slashes, hyphens, dots, brackets. */
const SEPARATORS = /[\s/().\-–]+/g;
/** German mobile numbers: 015x, 016x, 017x (Bundesnetzagentur, Rufnummernbereich 015–017). */
const MOBILE = /^\+491[5-7]/;

const grouped = (text: string) => text.replace(SEPARATORS, ' ').trim();

/** The number's two forms, or why it is no German phone number. */
export function germanPhoneNumber(typed: string): PhoneNumber | { problem: PhoneProblem } {
  // "0049" is how "+49" is dialled from Germany.
  const text = typed.trim().replace(/^00\s*/, '+');
  if (!/^\+?[\d\s/().\-–]+$/.test(text)) return { problem: 'invalid' };
  if (text.startsWith('+')) {
    if (!/^\+\s*49/.test(text)) return { problem: 'foreign' };
    // "+49 (0)201 …" and "+49 0201 …" carry the 0 dialled only within Germany: it is dropped.
    const rest = text.replace(/^\+\s*49/, '').replace(/^\s*(\(0\)|0(?=[\s/().\-–]*[1-9]))/, '');
    const national = rest.replace(/\D/g, '');
    return NATIONAL.test(national) ? { e164: `+49${national}`, display: `+49 ${grouped(rest)}` } : { problem: 'invalid' };
  }
  const digits = text.replace(/\D/g, '');
  // Without its 0 and area code it would ring nowhere from a mobile phone.
  if (!/^0[1-9]/.test(digits) || !NATIONAL.test(digits.slice(1))) return { problem: 'invalid' };
  return { e164: `+49${digits.slice(1)}`, display: grouped(text) };
}

/** A German mobile number (WhatsApp runs on one). */
export const isMobileNumber = (e164: string): boolean => MOBILE.test(e164);

/** A German number that cannot ring: an area code and only zeros (the shipped example data). */
export const isExampleNumber = (e164: string): boolean => /^\+49[1-9]\d{1,4}0{5,}$/.test(e164);

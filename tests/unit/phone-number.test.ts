// The owner types the business's number as he likes (the console's Kontakt form); the site must
// dial exactly the digits it shows: core/phone-number.ts makes both forms, and the schema of
// data/site.yaml (which compares them) takes every pair it makes.
import { describe, expect, it } from 'vitest';
import { germanPhoneNumber, isExampleNumber, isMobileNumber } from '../../core/phone-number.ts';
import { phoneSchema } from '../../core/schema/site.ts';

describe('germanPhoneNumber', () => {
  it('dials +49 and the number without its leading 0, and shows it grouped as typed', () => {
    const cases: [typed: string, e164: string, display: string][] = [
      ['0201 123 456 7', '+492011234567', '0201 123 456 7'],
      ['  0201  1234567 ', '+492011234567', '0201 1234567'],
      ['0201/123 45-67', '+492011234567', '0201 123 45 67'],
      ['(0201) 1234567', '+492011234567', '0201 1234567'],
      ['+49 201 1234567', '+492011234567', '+49 201 1234567'],
      ['+49 (0)201 1234567', '+492011234567', '+49 201 1234567'],
      ['+49 0201 1234567', '+492011234567', '+49 201 1234567'],
      ['0049 170 1234567', '+491701234567', '+49 170 1234567'],
      ['+491511234567', '+491511234567', '+49 1511234567'],
      ['030 1234567', '+49301234567', '030 1234567'],
    ];
    for (const [typed, e164, display] of cases) {
      expect(germanPhoneNumber(typed), typed).toEqual({ e164, display });
      // What data/site.yaml's schema checks: the pages show display, a tap dials e164.
      expect(phoneSchema.safeParse({ e164, display }).success, typed).toBe(true);
    }
  });

  it('refuses a number of another country, and what is no German number with its area code', () => {
    expect(germanPhoneNumber('+43 1 1234567')).toEqual({ problem: 'foreign' });
    expect(germanPhoneNumber('0031 20 1234567')).toEqual({ problem: 'foreign' });
    // 00 dials abroad: 00201 is Egypt's +20, not Essen.
    expect(germanPhoneNumber('00201 1234567')).toEqual({ problem: 'foreign' });
    for (const typed of ['1234567', '0201', '0201 12', '02011234567890', '0201 123 456 7 oder 0170', 'info@example.com', '', '+49', '0201 123+4567', '110']) {
      expect(germanPhoneNumber(typed), typed).toEqual({ problem: 'invalid' });
    }
  });

  it('tells a mobile number, and the example numbers that cannot ring', () => {
    expect(isMobileNumber('+491701234567')).toBe(true);
    expect(isMobileNumber('+491521234567')).toBe(true);
    expect(isMobileNumber('+492011234567')).toBe(false);
    expect(isMobileNumber('+491801234567')).toBe(false);
    expect(isExampleNumber('+492010000000')).toBe(true);
    expect(isExampleNumber('+491700000000')).toBe(true);
    expect(isExampleNumber('+492011234567')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatEuro, formatGermanDate, telHref, whatsappHref } from '../../core/format.ts';

describe('formatting', () => {
  it('writes euro amounts the German way', () => {
    expect(formatEuro(69)).toBe('69\u00a0€');
    expect(formatEuro(100.5)).toBe('100,50\u00a0€');
    expect(formatEuro(1299)).toBe('1.299\u00a0€');
  });

  it('writes the version date in German, in Berlin time', () => {
    expect(formatGermanDate(new Date('2026-03-01T23:30:00Z'))).toBe('2. März 2026');
  });

  it('links phone and WhatsApp', () => {
    expect(telHref('+492011234567')).toBe('tel:+492011234567');
    expect(whatsappHref('+491701234567')).toBe('https://wa.me/491701234567');
  });
});

// What the owner reads of a device and of a message in an alert: the German label made from a
// browser's user agent (server/push/subscriptions.ts) and the first words of a text
// (server/push/alerts.ts), and the setting of the daily summary (server/config.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import { deviceLabel } from '../../server/push/subscriptions.ts';
import { firstWords } from '../../server/push/alerts.ts';
import { featuresFromEnv } from '../../server/config.ts';
import { ROOT } from '../support/data-copy.ts';

const words = consoleWordsSchema.parse(parse(readFileSync(join(ROOT, 'data/console.yaml'), 'utf8'))).push;

describe('deviceLabel', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Android-Telefon, Chrome'],
    ['Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'Android-Telefon, Samsung Internet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 'Android-Tablet, Chrome'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'Android-Telefon, Firefox'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'iPhone, Safari'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Windows-Computer, Edge'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Mac, Safari'],
    ['', 'Gerät, anderer Browser'],
  ])('%s → %s', (userAgent, label) => {
    expect(deviceLabel(userAgent, words)).toBe(label);
  });
});

describe('firstWords', () => {
  it('keeps a short text whole, with its spaces made single', () => {
    expect(firstWords('Tür  zu,\nbitte kommen.')).toBe('Tür zu, bitte kommen.');
  });

  it('cuts a long text after a whole word, within about 100 characters, and marks the cut', () => {
    const text = 'Meine Haustür ist zugefallen, der Schlüssel steckt innen. Bitte kommen Sie so schnell wie möglich, ich stehe mit zwei Kindern vor der Tür.';
    const cut = firstWords(text);
    expect(cut).toBe('Meine Haustür ist zugefallen, der Schlüssel steckt innen. Bitte kommen Sie so schnell wie möglich …');
    expect(cut.length).toBeLessThanOrEqual(102);
  });
});

describe('OWNER_SUMMARY_TIME', () => {
  it('is off unless set to a time of day, and refuses anything else with what to write', () => {
    expect(featuresFromEnv({}).summaryTime).toBeNull();
    expect(featuresFromEnv({ OWNER_SUMMARY_TIME: 'off' }).summaryTime).toBeNull();
    expect(featuresFromEnv({ OWNER_SUMMARY_TIME: '07:30' }).summaryTime).toBe('07:30');
    expect(() => featuresFromEnv({ OWNER_SUMMARY_TIME: '7.30' })).toThrow('OWNER_SUMMARY_TIME must be a time such as 07:30 (Essen\'s time), or off, but it is "7.30".');
    expect(() => featuresFromEnv({ OWNER_SUMMARY_TIME: '24:00' })).toThrow(/OWNER_SUMMARY_TIME/);
  });
});

// Where a page view came from (the Referer's category) and on what device: the rules of
// core/visit-source.ts on referers as browsers and apps really send them.
import { describe, expect, it } from 'vitest';
import { deviceOf, visitSource, type VisitSource } from '../../core/visit-source.ts';

const OWN = new Set(['schluesseldienst-mustermann.de', '127.0.0.1:8080']);

describe('visitSource', () => {
  it.each<[string | undefined, VisitSource | null]>([
    ['https://www.google.de/', 'google'],
    ['https://www.google.com/', 'google'],
    ['https://www.google.de/url?sa=t&rct=j&q=&esrc=s&source=web&cd=1&url=https%3A%2F%2Fschluesseldienst-mustermann.de%2F', 'google'],
    ['https://google.co.uk/search?q=schluesseldienst', 'google'],
    ['android-app://com.google.android.googlequicksearchbox/', 'google'],
    ['https://maps.google.com/', 'maps'],
    ['https://maps.google.de/maps?cid=123', 'maps'],
    ['https://www.google.com/maps/place/Essen', 'maps'],
    ['https://www.google.de/maps', 'maps'],
    ['android-app://com.google.android.apps.maps', 'maps'],
    ['https://www.bing.com/', 'search'],
    ['https://www.bing.com/search?q=schl%C3%BCsseldienst+essen', 'search'],
    ['https://duckduckgo.com/', 'search'],
    ['https://www.ecosia.org/search?q=schluesseldienst', 'search'],
    ['https://de.search.yahoo.com/', 'search'],
    ['https://www.qwant.com/', 'search'],
    ['https://suche.web.de/web?q=schluesseldienst', 'search'],
    ['https://suche.t-online.de/', 'search'],
    ['https://www.facebook.com/', 'social'],
    ['https://m.facebook.com/', 'social'],
    ['https://l.facebook.com/l.php?u=https%3A%2F%2Fschluesseldienst-mustermann.de', 'social'],
    ['https://l.instagram.com/', 'social'],
    ['https://t.co/abc123', 'social'],
    ['https://www.linkedin.com/', 'social'],
    ['android-app://com.instagram.android', 'social'],
    ['android-app://com.google.android.gm', 'other'],
    ['https://www.gelbeseiten.de/', 'other'],
    ['https://www.web.de/', 'other'],
    ['https://googleusercontent.com/', 'other'],
    ['https://www.google.example.com/', 'other'],
    ['https://schluesseldienst-mustermann.de/preise', null],
    ['http://127.0.0.1:8080/kontakt', null],
    ['http://127.0.0.1:9999/kontakt', 'other'],
    [undefined, 'direct'],
    ['', 'direct'],
    ['nicht eine Adresse', 'direct'],
    ['https://', 'direct'],
  ])('%j is %j', (referer, source) => {
    expect(visitSource(referer, OWN)).toBe(source);
  });
});

const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('deviceOf', () => {
  it.each<[string | undefined, string | undefined, 'phone' | 'desktop']>([
    ['?1', WINDOWS, 'phone'],
    ['?0', PIXEL, 'desktop'],
    [undefined, PIXEL, 'phone'],
    [undefined, IPHONE, 'phone'],
    [undefined, FIREFOX_ANDROID, 'phone'],
    [undefined, WINDOWS, 'desktop'],
    [undefined, IPAD, 'desktop'],
    ['', undefined, 'desktop'],
    ['quatsch', IPHONE, 'phone'],
  ])('hint %j with %j is a %s', (hint, userAgent, device) => {
    expect(deviceOf(hint, userAgent)).toBe(device);
  });
});

describe('visitSource on the forms a URL can take', () => {
  it.each<[string, VisitSource | null]>([
    ['HTTPS://WWW.GOOGLE.DE/', 'google'],
    ['https://schluesseldienst-mustermann.de:443/preise', null],
    ['http://127.0.0.1:8080', null],
    ['https://nutzer@www.bing.com/', 'search'],
    ['https://www.google.de./', 'google'],
    ['https://www.google.de:8443/maps', 'maps'],
    ['ftp://example.com/', 'other'],
    ['android-app://', 'direct'],
    ['//www.google.de/', 'direct'],
  ])('%j is %j', (referer, source) => {
    expect(visitSource(referer, OWN)).toBe(source);
  });
});

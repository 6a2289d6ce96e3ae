// The go-live check's items about running the site (core/go-live.ts): which addresses are
// examples, when SITE_URL differs from data/site.yaml's url, when a backup is too old, and that
// in development they are information, not open items.
import { describe, expect, it } from 'vitest';
import { backupItems, BACKUP_MAX_AGE_HOURS, isExampleHost, mailItems, openItems, passwordItems, refusedInProduction, siteUrlItems } from '../../core/go-live.ts';

describe('isExampleHost', () => {
  it.each(['www.example.de', 'example.com', 'shop.example.org', 'example.net', 'www.schluesseldienst-mustermann.example', 'localhost', '127.0.0.1', '[::1]', 'site.test'])('calls %s an example', (host) => {
    expect(isExampleHost(host)).toBe(true);
  });
  it.each(['www.ruhrtuer.de', 'myexample.de', 'example-schluessel.de', 'examples.com'])('accepts %s', (host) => {
    expect(isExampleHost(host)).toBe(false);
  });
});

describe('siteUrlItems', () => {
  it('says nothing without SITE_URL (the build takes data/site.yaml\'s url) or when both agree, trailing slash aside', () => {
    expect(siteUrlItems(null, 'https://www.ruhrtuer.de')).toEqual([]);
    expect(siteUrlItems('https://www.ruhrtuer.de/', 'https://www.ruhrtuer.de')).toEqual([]);
  });
  it('refuses the systemd unit\'s placeholder and an address that differs, before going live', () => {
    expect(siteUrlItems('https://www.example.de', 'https://www.ruhrtuer.de')).toMatchObject([{ group: 'required', kind: 'siteUrlExample', running: true }]);
    expect(siteUrlItems('https://www.ruhrtuer-essen.de', 'https://www.ruhrtuer.de')).toMatchObject([{ group: 'required', kind: 'siteUrlDiffers', slots: { url: 'https://www.ruhrtuer-essen.de', dataUrl: 'https://www.ruhrtuer.de' } }]);
    expect(siteUrlItems('kein Link', 'https://www.ruhrtuer.de')).toMatchObject([{ kind: 'siteUrlExample' }]);
  });
});

describe('backupItems', () => {
  const now = new Date('2026-11-28T03:00:00.000Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  it(`accepts a backup of the last ${BACKUP_MAX_AGE_HOURS} hours and recommends one after that, or when there is none`, () => {
    expect(backupItems(hoursAgo(BACKUP_MAX_AGE_HOURS - 0.1), now)).toEqual([]);
    expect(backupItems(hoursAgo(BACKUP_MAX_AGE_HOURS + 0.1), now)).toMatchObject([{ group: 'recommended', kind: 'oldBackup', slots: { time: hoursAgo(BACKUP_MAX_AGE_HOURS + 0.1) } }]);
    expect(backupItems(null, now)).toMatchObject([{ group: 'recommended', kind: 'noBackup' }]);
  });
});

describe('openItems', () => {
  it('counts the items about running the site in production only', () => {
    const items = [...mailItems(null, null), ...passwordItems(false), ...mailItems({ host: 'mail.ruhrtuer.de', port: 465 }, { ok: false, kind: 'auth', error: 'Invalid login: 535' })];
    expect(items.map((item) => item.kind)).toEqual(['smtpUnset', 'noPassword', 'smtpFailed']);
    expect(items[2]!.text).toContain('The SMTP server mail.ruhrtuer.de:465 of SMTP_URL did not take a conversation (Invalid login: 535)');
    expect(openItems(items, true)).toHaveLength(3);
    expect(openItems(items, false)).toEqual([]);
    expect(mailItems({ host: 'mail.ruhrtuer.de', port: 465 }, { ok: true })).toEqual([]);
  });
});

describe('refusedInProduction', () => {
  it('refuses an example SITE_URL with the items of data/ before going live, and nothing else about running the site', () => {
    const [example] = siteUrlItems('https://www.example.de', 'https://www.ruhrtuer.de');
    const [differs] = siteUrlItems('https://www.ruhrtuer-essen.de', 'https://www.ruhrtuer.de');
    const running = [differs!, ...mailItems(null, null), ...passwordItems(false), ...backupItems(null, new Date())];
    expect(refusedInProduction(example!)).toBe(true);
    expect(running.filter(refusedInProduction)).toEqual([]);
    const data = { slots: { file: 'data/site.yaml', field: 'email' }, text: 'data/site.yaml: email: example value', running: false } as const;
    expect(refusedInProduction({ ...data, group: 'required', kind: 'example' })).toBe(true);
    expect(refusedInProduction({ ...data, group: 'recommended', kind: 'placeholder' })).toBe(false);
    expect(refusedInProduction({ ...data, group: 'optional', kind: 'unset' })).toBe(false);
  });
});

// The cookie banner with the shipped configuration (no analytics ids): the visitor decides,
// the choice sticks, and nothing is ever requested from Google.
import { describe, expect, it } from 'vitest';
import { dataLayer, reload, focused, isFocusInside, isShown, settlesShown, type Visit, useBrowser } from './browser.ts';

const DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' };
const GRANTED = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' };

const visitPage = useBrowser();

const open = (path = '/'): Promise<Visit> => visitPage(path);

const google = (requests: string[]) => requests.filter((url) => /google|doubleclick/.test(new URL(url).hostname));
const storedChoice = (v: Visit) => v.page.evaluate(() => localStorage.getItem('cookie-consent'));
const consentHeight = (v: Visit) =>
  v.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--consent-height').trim());

describe('first visit', () => {
  it('shows the banner, offers the footer button, and queues the denied defaults before anything else', async () => {
    const v = await open();
    expect(await isShown(v.page, '[data-consent]')).toBe(true);
    expect(await isShown(v.page, '[data-consent-simple]')).toBe(true);
    expect(await isShown(v.page, '[data-consent-details]')).toBe(false);
    expect(await v.page.$eval('[data-consent-open]', (button) => (button as HTMLElement).hidden)).toBe(false);
    const queue = await dataLayer(v.page);
    expect(queue[0]).toEqual(['consent', 'default', { ...DENIED, wait_for_update: 500 }]);
    expect(queue).toHaveLength(1);
    expect(google(v.requests)).toEqual([]);
    expect(v.errors).toEqual([]);
  });

  it('and the floating call button on a phone never cover each other', async () => {
    const v = await open();
    const banner = await v.page.$eval('[data-consent]', (element) => element.getBoundingClientRect().toJSON());
    const call = await v.page.$eval('a.fab-call', (element) => element.getBoundingClientRect().toJSON());
    expect(await isShown(v.page, 'a.fab-call')).toBe(true);
    expect(await consentHeight(v)).toBe(`${Math.round(banner.height)}px`);
    expect(call.bottom <= banner.top + 0.5 || call.top >= banner.bottom - 0.5).toBe(true);
    // What a tap at the centre of each control would hit: the control itself.
    const hits = await v.page.$$eval('a.fab-call, [data-consent-simple] button', (controls) =>
      controls.map((control) => {
        const box = control.getBoundingClientRect();
        return control.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      }),
    );
    expect(hits).toEqual(hits.map(() => true));
  });
});

describe('choosing', () => {
  it("'Nur Notwendige' stores necessary, denies, hides the banner, and stays so after a reload", async () => {
    const v = await open();
    await v.page.click('[data-consent-simple] [data-consent-necessary]');
    expect(await storedChoice(v)).toBe('necessary');
    expect(await isShown(v.page, '[data-consent]')).toBe(false);
    expect(await consentHeight(v)).toBe('0px');
    expect((await dataLayer(v.page)).at(-1)).toEqual(['consent', 'update', DENIED]);

    await reload(v.page);
    expect(await isShown(v.page, '[data-consent]')).toBe(false);
    expect(await dataLayer(v.page)).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['consent', 'update', DENIED],
    ]);
    expect(google(v.requests)).toEqual([]);
  });

  it("'Alle akzeptieren' stores all and grants, yet loads nothing while no id is configured", async () => {
    const v = await open();
    await v.page.click('[data-consent-simple] [data-consent-accept]');
    expect(await storedChoice(v)).toBe('all');
    expect(await isShown(v.page, '[data-consent]')).toBe(false);
    expect((await dataLayer(v.page)).at(-1)).toEqual(['consent', 'update', GRANTED]);

    await reload(v.page);
    expect(await isShown(v.page, '[data-consent]')).toBe(false);
    expect((await dataLayer(v.page)).slice(0, 2)).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['consent', 'update', GRANTED],
    ]);
    expect(await v.page.$$eval('script[src*="googletagmanager"]', (scripts) => scripts.length)).toBe(0);
    expect(google(v.requests)).toEqual([]);
  });
});

describe('settings and reopening', () => {
  it("'Einstellungen' opens the details, their X returns to the simple view", async () => {
    const v = await open();
    // The settings are not in the page: they come from their own file when asked for.
    expect(await v.page.$eval('[data-consent-details]', (details) => details.childElementCount)).toBe(0);
    await v.page.click('[data-consent-settings]');
    expect(await settlesShown(v.page, '[data-consent-details]', true)).toBe(true);
    expect(await isShown(v.page, '[data-consent-simple]')).toBe(false);
    expect(await isFocusInside(v.page, '[data-consent-details]')).toBe(true);
    expect(await v.page.$eval('[data-consent-details]', (details) => details.textContent)).toContain('Statistik');

    await v.page.click('[data-consent-close]');
    expect(await isShown(v.page, '[data-consent-simple]')).toBe(true);
    expect(await isShown(v.page, '[data-consent-details]')).toBe(false);
    expect(await focused(v.page)).toContain('data-consent-settings');
    expect(await storedChoice(v)).toBeNull();
  });

  it('the footer button reopens the banner with focus in it, and focus comes back after choosing', async () => {
    const v = await open();
    await v.page.click('[data-consent-simple] [data-consent-necessary]');
    await v.page.click('[data-consent-open]');
    expect(await isShown(v.page, '[data-consent]')).toBe(true);
    expect(await isFocusInside(v.page, '[data-consent]')).toBe(true);
    expect(await consentHeight(v)).not.toBe('0px');

    await v.page.keyboard.press('Enter');
    expect(await storedChoice(v)).toBe('all');
    expect(await isShown(v.page, '[data-consent]')).toBe(false);
    expect(await focused(v.page)).toContain('data-consent-open');
  });
});

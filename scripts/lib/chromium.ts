// One place that knows how to start Debian's Chromium for tests, the audit and screenshots.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that make Chromium start as root on a machine without network or GPU. */
export function chromiumFlags(userDataDir: string): string[] {
  return [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    `--user-data-dir=${userDataDir}`,
  ];
}

export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install it with "apt-get install chromium" ` +
        '(Debian) or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
}

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
  /** Removes the throw-away profile; synchronous, for an exit handler once Chromium is gone. */
  removeProfile(): void;
}

/** Starts a fresh headless Chromium with its own throw-away profile. */
export async function launchChromium(): Promise<LaunchedBrowser> {
  assertChromium();
  const userDataDir = mkdtempSync(join(tmpdir(), 'chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: chromiumFlags(userDataDir).filter((flag) => !flag.startsWith('--headless')),
  });
  const removeProfile = () => rmSync(userDataDir, { recursive: true, force: true });
  return {
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      removeProfile();
    },
    removeProfile,
  };
}

// Installs Debian's Chromium for the end-to-end tests when it is missing and we are allowed to.
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium.ts';
import { runCommand } from './command.ts';

export type ChromiumCheck = { ok: true } | { ok: false; message: string };

function canInstallWithApt(): boolean {
  return existsSync('/etc/debian_version') && process.getuid?.() === 0;
}

/** Makes sure Chromium exists at CHROMIUM_PATH, installing it with apt-get when root on Debian. */
export async function ensureChromium(): Promise<ChromiumCheck> {
  if (existsSync(CHROMIUM_PATH)) return { ok: true };
  const help = 'run "sudo apt-get install chromium", or set CHROMIUM_PATH to a Chromium binary';
  // A custom CHROMIUM_PATH that does not exist is a typo to fix, not a package to install.
  if (!canInstallWithApt() || process.env.CHROMIUM_PATH) {
    return { ok: false, message: `Chromium is missing at ${CHROMIUM_PATH}; the end-to-end tests need it: ${help}.` };
  }
  console.log(`Chromium is missing at ${CHROMIUM_PATH}; installing Debian's package with apt-get (needs the network).`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const updated = await runCommand('apt-get', ['update'], { env });
  const installed = updated === 0 ? await runCommand('apt-get', ['install', '-y', 'chromium'], { env }) : updated;
  if (installed !== 0 || !existsSync(CHROMIUM_PATH)) {
    return { ok: false, message: `Installing Chromium with apt-get failed (exit code ${installed}); ${help}.` };
  }
  return { ok: true };
}

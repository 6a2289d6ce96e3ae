// Installs what the tests need from Debian (Chromium for the end-to-end tests, Java for the HTML
// check) when it is missing and we are allowed to: as root on Debian. Elsewhere it names the command.
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium.ts';
import { runCommand } from './command.ts';

export type ToolCheck = { ok: true } | { ok: false; message: string };

export interface DebianTool {
  /** What the tests call it: "Chromium", "Java". */
  what: string;
  path: string;
  pkg: string;
  /** The variable that points at another binary; when set, a missing file is a typo, not a package to install. */
  envVar: string;
  /** Why the tests need it, for the message. */
  neededFor: string;
}

function canInstallWithApt(): boolean {
  return existsSync('/etc/debian_version') && process.getuid?.() === 0;
}

/** Makes sure the tool exists at its path, installing its Debian package with apt-get when root on Debian. */
export async function ensureDebianPackage(tool: DebianTool): Promise<ToolCheck> {
  if (existsSync(tool.path)) return { ok: true };
  const help = `run "sudo apt-get install ${tool.pkg}", or set ${tool.envVar} to another ${tool.what} binary`;
  if (!canInstallWithApt() || process.env[tool.envVar]) {
    return { ok: false, message: `${tool.what} is missing at ${tool.path}; it is needed for ${tool.neededFor}: ${help}.` };
  }
  console.log(`${tool.what} is missing at ${tool.path}; installing Debian's ${tool.pkg} with apt-get (needs the network).`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const updated = await runCommand('apt-get', ['update'], { env });
  const installed = updated === 0 ? await runCommand('apt-get', ['install', '-y', tool.pkg], { env }) : updated;
  if (installed !== 0 || !existsSync(tool.path)) {
    return { ok: false, message: `Installing ${tool.pkg} with apt-get failed (exit code ${installed}); ${help}.` };
  }
  return { ok: true };
}

export function ensureChromium(): Promise<ToolCheck> {
  return ensureDebianPackage({ what: 'Chromium', path: CHROMIUM_PATH, pkg: 'chromium', envVar: 'CHROMIUM_PATH', neededFor: 'the end-to-end tests' });
}

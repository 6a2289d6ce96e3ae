// `npm test`: Chromium for the end-to-end tests, the type check, then every vitest project.
import { ensureChromium } from './lib/chromium-install.ts';
import { runCommand } from './lib/command.ts';
import { packageBin } from './lib/repo.ts';

const chromium = await ensureChromium();
if (!chromium.ok) {
  console.error(chromium.message);
  process.exit(1);
}

const typeCheck = await runCommand(packageBin('tsc'), ['--noEmit', '-p', '.']);
if (typeCheck !== 0) {
  console.error('The type check failed (errors above); fix them, then run npm test again. Tests were not run.');
  process.exit(typeCheck);
}

process.exit(await runCommand(packageBin('vitest'), ['run', ...process.argv.slice(2)]));

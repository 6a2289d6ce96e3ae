// `npm test`: Chromium for the end-to-end tests, Java for the HTML check, the type check, then every vitest project.
import { ensureChromium, ensureDebianPackage } from './lib/chromium-install.ts';
import { runCommand } from './lib/command.ts';
import { packageBin } from './lib/repo.ts';
import { JAVA_PACKAGE, JAVA_PATH } from './lib/vnu.ts';

const chromium = await ensureChromium();
const java = await ensureDebianPackage({ what: 'Java', path: JAVA_PATH, pkg: JAVA_PACKAGE, envVar: 'JAVA_PATH', neededFor: 'the HTML check of the integration tests' });
const missing = [chromium, java].flatMap((check) => (check.ok ? [] : [check.message]));
if (missing.length > 0) {
  for (const message of missing) console.error(message);
  process.exit(1);
}

const typeCheck = await runCommand(packageBin('tsc'), ['--noEmit', '-p', '.']);
if (typeCheck !== 0) {
  console.error('The type check failed (errors above); fix them, then run npm test again. Tests were not run.');
  process.exit(typeCheck);
}

process.exit(await runCommand(packageBin('vitest'), ['run', ...process.argv.slice(2)]));

// CLI: `npm run owner:password` sets the password of the owner's console (/intern). It asks twice
// without echo, refuses fewer than 12 characters and a password on the bundled list of common
// passwords (scripts/common-passwords/), and stores only an scrypt hash in the database
// (DATABASE_PATH); setting it ends every open session. Without a terminal (a script piping two
// lines) it reads the two lines from standard input.
import { openDatabase } from '../server/store/database.ts';
import { hashPassword, MIN_PASSWORD_LENGTH, passwordProblem, storePasswordHash } from '../server/owner/password.ts';
import { helpOrNothing } from './lib/arguments.ts';
import { isCommonPassword } from './lib/common-passwords.ts';
import { runMain } from './lib/cleanup.ts';
import { databasePathFromEnv } from '../server/config.ts';

const USAGE = `Usage: npm run owner:password

Asks twice for the new password of the owner's console at /intern (at least ${MIN_PASSWORD_LENGTH}
characters, not one of the 10,000 most common passwords; nothing is shown while you type) and stores only its scrypt hash in the database.
Every open session of the console ends. Works while the server runs.

Environment: DATABASE_PATH (default var/site.db).`;

/** Reads one line from a terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stdout.write(prompt);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          done();
          return resolve(value);
        }
        if (char === '\u0003') {
          done();
          return reject(new Error('Cancelled; the password is unchanged.'));
        }
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else value += char;
      }
    };
    const done = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
    };
    input.on('data', onData);
  });
}

/** The first two lines of standard input (for scripts and tests). */
async function readTwoLines(): Promise<[string, string]> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  const [first = '', second = ''] = text.split(/\r?\n/);
  return [first, second];
}

async function main(args: string[]): Promise<number> {
  const early = helpOrNothing(args, USAGE, 'owner:password');
  if (early !== null) return early;
  const [password, repeated] = process.stdin.isTTY ? [await askHidden('New password: '), await askHidden('Repeat it: ')] : await readTwoLines();
  const problem = passwordProblem(password) ?? (isCommonPassword(password) ? 'This password is on the list of the 10,000 most common passwords (scripts/common-passwords/), whatever its case: choose another.' : null);
  if (problem !== null) {
    console.error(`${problem} The password is unchanged.`);
    return 1;
  }
  if (password !== repeated) {
    console.error('The two entries differ. The password is unchanged.');
    return 1;
  }
  const databasePath = databasePathFromEnv();
  const db = openDatabase(databasePath);
  try {
    storePasswordHash(db, await hashPassword(password));
  } finally {
    db.close();
  }
  console.log(`The console's password is set (only its hash is stored, in ${databasePath}); every open session has ended. Log in at /intern/anmelden.`);
  return 0;
}

await runMain(() => main(process.argv.slice(2)));

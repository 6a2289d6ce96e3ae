// The login part of `npm run bench` (`-- login` alone): guessing the owner's password against the
// real server (server/owner/login-throttle.ts), through X-Forwarded-For from loopback, which the
// server trusts as its proxy's. Two figures: how many password checks a minute 120 addresses that
// guess as fast as they are answered get (the overall budget allows LOGIN_CHECKS_PER_MINUTE), and
// how long the owner's login with his device cookie takes while 200 guesses arrive at once (goal:
// at most 2 s, well inside nginx's 60 s proxy timeout).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOGIN_CHECKS_PER_MINUTE } from '../../server/owner/login-throttle.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase } from '../../server/store/database.ts';
import { ms, type Section } from './bench-format.ts';
import { freePort, waitForPort } from './port.ts';
import { REPO_ROOT } from './repo.ts';
import { formatTable } from './table.ts';

const PASSWORD = 'Bench-Schluessel-Essen-2026';
const GUESSERS = 120;
const GUESS_SECONDS = 60;
const PENDING = 200;
const OWNER_GOAL_MS = 2000;

async function login(url: string, password: string, address: string, cookie?: string): Promise<{ status: number; ms: number; device: string | null }> {
  const started = performance.now();
  const res = await fetch(`${url}/intern/anmelden`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams({ password }),
    redirect: 'manual',
  });
  await res.arrayBuffer();
  const device = res.headers.getSetCookie().find((cookie) => cookie.startsWith('owner_device='))?.split(';')[0] ?? null;
  return { status: res.status, ms: performance.now() - started, device };
}

const guesser = (index: number) => `10.77.${index >> 8}.${index & 255}`;

/** 120 addresses guessing back to back for a minute: how many of their guesses were checked. */
async function guessingRate(url: string): Promise<{ checked: number; refused: number; minutes: number }> {
  let checked = 0;
  let refused = 0;
  const started = performance.now();
  const until = started + GUESS_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: GUESSERS }, async (_, index) => {
      for (let attempt = 0; performance.now() < until; attempt++) {
        const answer = await login(url, `falsch-${index}-${attempt}`, guesser(index));
        if (answer.status === 401) checked += 1;
        else refused += 1;
        // A refused guesser waits as a careful one would, not hammering the server at full speed.
        if (answer.status === 429) await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }),
  );
  return { checked, refused, minutes: (performance.now() - started) / 60_000 };
}

export async function benchLogin(distDir: string): Promise<Section> {
  console.log(`Login: the owner's login behind ${PENDING} guesses sent at once, then ${GUESSERS} addresses guessing for ${GUESS_SECONDS} s …`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-login-'));
  const databasePath = join(dir, 'site.db');
  const db = openDatabase(databasePath);
  storePasswordHash(db, await hashPassword(PASSWORD));
  db.close();
  // A process of its own, as the systemd unit runs it: the 320 clients here must not share its event loop.
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DIST_DIR: distDir, DATABASE_PATH: databasePath, MAIL_DIR: join(dir, 'mail'), BACKUP_DIR: join(dir, 'backups'), JOBS: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server = { url: `http://127.0.0.1:${port}` };
  const problems: string[] = [];
  try {
    if (!(await waitForPort(port, 30_000))) throw new Error(`The server (server/main.ts) did not listen on port ${port} within 30 s.`);
    const first = await login(server.url, PASSWORD, '203.0.113.7');
    if (first.status !== 303 || first.device === null) problems.push(`The owner's first login answered ${first.status} without a device cookie.`);
    const guesses = Array.from({ length: PENDING }, (_, index) => login(server.url, `falsch-${index}`, `10.66.${index >> 8}.${index & 255}`));
    const owner = await login(server.url, PASSWORD, '198.51.100.7', first.device ?? undefined);
    const answered = await Promise.all(guesses);
    const checkedNow = answered.filter((answer) => answer.status === 401).length;
    if (owner.status !== 303) problems.push(`The owner's login with its device cookie answered ${owner.status}.`);
    if (owner.ms > OWNER_GOAL_MS) problems.push(`The owner's login took ${ms(owner.ms)}, more than the goal of ${ms(OWNER_GOAL_MS)}.`);
    const rate = await guessingRate(server.url);
    const perMinute = rate.checked / rate.minutes;
    if (perMinute > LOGIN_CHECKS_PER_MINUTE * 1.5) problems.push(`${perMinute.toFixed(1)} checks a minute, more than the budget of ${LOGIN_CHECKS_PER_MINUTE}.`);
    const rows = [
      ["owner's login, device cookie", ms(owner.ms), `status ${owner.status}, while ${PENDING} guesses arrived at once (${checkedNow} of them checked, the rest 429); goal ≤ ${ms(OWNER_GOAL_MS)}`],
      [`${GUESSERS} addresses guessing`, `${perMinute.toFixed(1)} checks/min`, `${rate.checked} checked, ${rate.refused} refused in ${(rate.minutes * 60).toFixed(0)} s; budget ${LOGIN_CHECKS_PER_MINUTE}/min`],
    ];
    console.log(`\n${formatTable(['Login', 'Value', 'Note'], rows)}\n`);
    return {
      summary: [
        ["owner's login (device cookie) behind 200 guesses", ms(owner.ms), `goal ≤ ${ms(OWNER_GOAL_MS)}`],
        [`password checks a minute from ${GUESSERS} addresses`, perMinute.toFixed(1), `budget ${LOGIN_CHECKS_PER_MINUTE}`],
      ],
      problems,
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  }
}

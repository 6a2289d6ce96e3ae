// The flood part of `npm run bench` (`-- flood` alone): contact messages from random addresses
// (X-Forwarded-For from loopback, which the server trusts as its proxy's) for 15 s against the real
// server with the operation's cap (CONTACT_PER_HOUR, server/contact/cap.ts) and mail rate
// (MAILS_PER_SECOND, server/contact/mail.ts), mailing to a local SMTP server. Figures: messages
// stored and mailed in the 15 s, when the last stored one was mailed, and the delay of one real
// message sent after the flood, which retries after the Retry-After it is given. The cap's window
// is shortened from an hour to CAP_WINDOW_MS, so that it frees within the run; the window decides
// only when the form takes messages again, not how many it stores or how fast they are mailed.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { CONTACT_PER_HOUR, MAILS_PER_SECOND } from '../../server/config.ts';
import { startServer } from '../../server/index.ts';
import { ms, type Section } from './bench-format.ts';
import { formatTable } from './table.ts';

const FLOOD_SECONDS = 15;
const CLIENTS = 50;
/** cap = rate × window: the most the cap can queue is mailed within one window. */
const CAP_WINDOW_MS = Math.ceil(CONTACT_PER_HOUR / MAILS_PER_SECOND) * 1000;
const REAL = 'Echte Anfrage nach der Flut: bitte zurückrufen.';

async function startSink(): Promise<{ url: string; arrivals: { at: number; raw: string }[]; close(): Promise<void> }> {
  const arrivals: { at: number; raw: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        arrivals.push({ at: performance.now(), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, arrivals, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const randomAddress = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

async function post(url: string, message: string): Promise<{ status: number; retryAfter: number }> {
  const res = await fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomAddress() },
    body: JSON.stringify({ form: 'home', name: 'Bench Flut', email: 'flut@example.de', phone: '', message, privacy: true }),
  });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
}

export async function benchFlood(distDir: string): Promise<Section> {
  console.log(`Flood: ${CLIENTS} clients posting contact messages from random addresses for ${FLOOD_SECONDS} s (cap ${CONTACT_PER_HOUR}, window ${CAP_WINDOW_MS / 1000} s instead of an hour, ${MAILS_PER_SECOND} mail/s) …`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-flood-'));
  const sink = await startSink();
  const server = await startServer({
    distDir,
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'site.db'),
    log: () => undefined,
    features: { smtpUrl: sink.url, mailTo: 'inhaber@example.de', mailFrom: 'website@example.de', mailDir: join(dir, 'mail'), backupDir: join(dir, 'backups'), jobs: false, contactCapWindowMs: CAP_WINDOW_MS },
  });
  const problems: string[] = [];
  try {
    const counts = new Map<number, number>();
    const started = performance.now();
    const until = started + FLOOD_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let n = 0; performance.now() < until; n++) {
          const { status } = await post(server.url, `Flutnachricht ${client}-${n}, bitte ignorieren.`);
          counts.set(status, (counts.get(status) ?? 0) + 1);
        }
      }),
    );
    const floodEnd = performance.now();
    const stored = counts.get(201) ?? 0;
    const mailedInFlood = sink.arrivals.filter((arrival) => arrival.at <= floodEnd).length;
    // The real visitor, right after the flood: told to wait, it sends again after Retry-After.
    let real = await post(server.url, REAL);
    const firstAnswer = real;
    while (real.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, real.retryAfter * 1000));
      real = await post(server.url, REAL);
    }
    const accepted = performance.now();
    const deadline = accepted + 5 * 60_000;
    let mail: { at: number } | undefined;
    while (!(mail = sink.arrivals.find((arrival) => arrival.raw.includes('Echte Anfrage nach der Flut'))) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const lastFlood = sink.arrivals.filter((arrival) => !arrival.raw.includes('Echte Anfrage nach der Flut')).at(-1);
    if (real.status !== 201) problems.push(`The real message after the flood was answered ${real.status}.`);
    if (!mail) problems.push('The real message after the flood was not mailed within 5 minutes of being stored.');
    if (stored > CONTACT_PER_HOUR) problems.push(`${stored} messages were stored in ${FLOOD_SECONDS} s, more than the cap of ${CONTACT_PER_HOUR}.`);
    const sent = [...counts.values()].reduce((sum, n) => sum + n, 0);
    const rows = [
      [`stored in ${FLOOD_SECONDS} s`, String(stored), `of ${sent} sent (${[...counts].map(([status, n]) => `${n}× ${status}`).join(', ')}); cap ${CONTACT_PER_HOUR}`],
      [`mailed in ${FLOOD_SECONDS} s`, String(mailedInFlood), `${MAILS_PER_SECOND} mail/s over one pooled connection`],
      ['last flood mail after the flood began', lastFlood ? ms(lastFlood.at - started) : '–', `${sink.arrivals.length - (mail ? 1 : 0)} mails: the stored messages and the owner's one alert`],
      ['real message after the flood', mail ? ms(mail.at - floodEnd) : '–', `first answer ${firstAnswer.status} (Retry-After ${firstAnswer.retryAfter} s), stored ${ms(accepted - floodEnd)} after the flood, mailed ${mail ? ms(mail.at - accepted) : '–'} after that`],
    ];
    console.log(`\n${formatTable(['Flood', 'Value', 'Note'], rows)}\n`);
    return {
      summary: [
        [`contact messages stored / mailed in ${FLOOD_SECONDS} s of flood`, `${stored} / ${mailedInFlood}`, `${sent} sent from random addresses; cap ${CONTACT_PER_HOUR}, ${MAILS_PER_SECOND} mail/s`],
        ['real message after the flood: stored → mailed', mail ? ms(mail.at - accepted) : '–', `window ${CAP_WINDOW_MS / 1000} s here (an hour in operation)`],
      ],
      problems,
    };
  } finally {
    await server.close();
    await sink.close();
    await rm(dir, { recursive: true, force: true });
  }
}

// A local push service speaking the Web Push protocol, as a browser vendor's does (RFC 8030): an
// HTTPS server (a throw-away certificate made by openssl, which the site's server is told to trust
// through FeatureConfig.pushCa) that accepts a POST to a subscription's endpoint and answers 201.
// It checks each push as the real services do and the browser would: the VAPID JWT (RFC 8292,
// ES256) against the `k=` key of `Authorization: vapid t=…, k=…`, its audience (the endpoint's
// origin) and expiry; then it decrypts the aes128gcm payload (RFC 8188, 8291) with the
// subscription's private key and auth secret. Subscriptions are made here as a browser makes them:
// a P-256 key pair and 16 random bytes of auth secret. No request leaves the machine.
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { makePushKeys } from '../../server/push/keys.ts';
import type { OwnerSite } from './owner-site.ts';
import { tempDir } from './temp-dir.ts';

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  token: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The VAPID JWT's claims, after its signature was verified. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key (`k=`), base64url. */
  vapidKey: string;
  ttl: string | undefined;
  urgency: string | undefined;
}

export interface PushService {
  url: string;
  /** The certificate (PEM) to trust for it. */
  ca: string;
  received: ReceivedPush[];
  /** Pushes refused, with why (a bad signature, a payload that does not decrypt). */
  refused: string[];
  /** A new subscription, with the private parts only this "browser" knows. */
  subscribe(): BrowserSubscription;
  /** The status the endpoint of `token` answers from now on (201 unless set: 404 and 410 mean unsubscribed). */
  answer(token: string, status: number): void;
  close(): Promise<void>;
}

const b64 = (bytes: Buffer): string => bytes.toString('base64url');
const hmac = (key: Buffer, data: Buffer): Buffer => createHmac('sha256', key).update(data).digest();

function certificate(): { key: string; cert: string } {
  const dir = tempDir('push-service-');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
}

/** RFC 8292: "vapid t=<JWT>, k=<key>"; the JWT's ES256 signature checked with k; returns its claims. */
export function verifyVapid(authorization: string, origin: string, now: number = Date.now()): { claims: ReceivedPush['claims']; key: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [header, body, signature] = jwt.split('.') as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('the JWT is not ES256');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${header}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) throw new Error('the JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`aud is ${claims.aud}, not ${origin}`);
  if (!(claims.exp * 1000 > now) || claims.exp * 1000 > now + 24 * 3600_000) throw new Error(`exp ${claims.exp} is not within the next 24 hours`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub} is neither mailto: nor https:`);
  return { claims, key };
}

/** RFC 8291 with RFC 8188's aes128gcm: one record, keyid = the sender's public key. */
export function decryptPush(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
  return padded.subarray(0, end);
}

export async function startPushService(): Promise<PushService> {
  const { key, cert } = certificate();
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const token = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const browser = token === undefined ? undefined : browsers.get(token);
      if (req.method !== 'POST' || token === undefined || browser === undefined) return void res.writeHead(404).end();
      const status = statuses.get(token) ?? 201;
      if (status !== 201) return void res.writeHead(status).end();
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding is ${req.headers['content-encoding']}`);
        const vapid = verifyVapid(req.headers.authorization ?? '', origin);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), browser.ecdh, browser.auth).toString('utf8')) as unknown;
        received.push({ token, payload, claims: vapid.claims, vapidKey: vapid.key, ttl: req.headers.ttl as string | undefined, urgency: req.headers.urgency as string | undefined });
        res.writeHead(201, { Location: `/message/${received.length}` }).end();
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    ca: cert,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const token = b64(randomBytes(12));
      browsers.set(token, { ecdh, auth });
      return { endpoint: `${origin}/push/${token}`, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
    },
    answer(token, status) {
      statuses.set(token, status);
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The token of a subscription's endpoint. */
export const tokenOf = (subscription: BrowserSubscription): string => subscription.endpoint.slice(subscription.endpoint.lastIndexOf('/') + 1);

/** The owner's phone as the console subscribes it: the VAPID keys made, then one device of `push` subscribed through the console's API. */
export async function subscribeOwner(site: OwnerSite, push: PushService): Promise<BrowserSubscription> {
  makePushKeys(site.db);
  const subscription = push.subscribe();
  const subscribed = await fetch(`${site.server.url}/intern/benachrichtigungen/abonnieren`, {
    method: 'POST',
    headers: { Cookie: site.cookie, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify(subscription),
  });
  if (subscribed.status !== 201) throw new Error(`Subscribing the owner's phone answered ${subscribed.status}: ${await subscribed.text()}`);
  return subscription;
}

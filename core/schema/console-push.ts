// The words of the owner's alerts (data/console.yaml: push): the Benachrichtigungen page, the
// devices on the System page, the notifications, the mail about a weak review and the daily
// summary (server/push/), part of core/schema/console.ts's schema.
import { z } from 'zod';
import { wordsWith } from './slots.ts';

const text = z.string().min(2);

export const pushWordsShape = {
  push: z.strictObject({
    title: text,
    intro: wordsWith('low'),
    /** What the page says until its script runs; the script replaces it (client/push.ts). */
    needsScript: text,
    enable: text,
    working: text,
    enabled: text,
    unsupported: text,
    denied: text,
    failed: text,
    homeScreen: text,
    notSetUp: text,
    command: text,
    devices: text,
    noDevices: text,
    device: wordsWith('label', 'time'),
    remove: text,
    removed: text,
    missing: text,
    lastSuccess: text,
    success: wordsWith('time'),
    noSuccess: text,
    lastFailure: text,
    failure: wordsWith('time', 'reason'),
    noFailure: text,
    /** Why a push failed, by kind (server/push/send.ts). */
    failures: z.strictObject({ gone: text, rejected: wordsWith('status'), network: text, other: text }),
    systemLink: text,
    /** The label of a subscribed device from its browser's user agent (server/push/subscriptions.ts, deviceLabel). */
    deviceLabel: wordsWith('device', 'browser'),
    deviceKinds: z.strictObject({ androidPhone: text, androidTablet: text, iphone: text, ipad: text, windows: text, mac: text, linux: text, other: text }),
    otherBrowser: text,
    /** The console as an app on the home screen (/intern/manifest.webmanifest). */
    app: z.strictObject({ name: wordsWith('site'), shortName: text, description: text }),
    notification: z.strictObject({ message: wordsWith('name'), review: wordsWith('stars', 'author') }),
    /** The mail about a new review of few stars. */
    reviewMail: z.strictObject({ subject: wordsWith('stars', 'author'), intro: wordsWith('stars', 'author', 'time'), noText: text, answer: wordsWith('url') }),
    /** The one mail and push of a flood of contact messages (server/push/flood-alert.ts). */
    flood: z.strictObject({
      subject: wordsWith('count'),
      intro: wordsWith('count'),
      refused: wordsWith('count', 'time'),
      check: wordsWith('url', 'kept'),
      notification: wordsWith('count'),
      notificationText: text,
    }),
    /** The daily summary mail (OWNER_SUMMARY_TIME). */
    summary: z.strictObject({
      subject: wordsWith('day', 'count'),
      intro: wordsWith('day'),
      messages: wordsWith('count'),
      message: wordsWith('time', 'name', 'words'),
      noMessages: text,
      clicks: wordsWith('calls', 'whatsapp'),
      reviews: wordsWith('low'),
      review: wordsWith('stars', 'author', 'words'),
      noReviews: wordsWith('low'),
      console: wordsWith('url'),
    }),
  }),
};

// The words of the owner's console (data/console.yaml), with the slots the server fills.
import { z } from 'zod';
import { contactFormWords, legalFormWords } from './console-site-forms.ts';
import { placesConsoleWords } from './console-places.ts';
import { inboxConsoleWords } from './console-inbox.ts';
import { statisticsConsoleWords } from './console-statistics.ts';
import { wordsWith } from './slots.ts';
import { publishWordsShape } from './console-publish.ts';
import { formWordsShape } from './console-forms.ts';
import { backupsConsoleWords } from './console-backups.ts';
import { pushWordsShape } from './console-push.ts';
import { reviewListWordsShape } from './console-reviews.ts';

const text = z.string().min(2);

export const consoleWordsSchema = z.strictObject({
  title: text,
  nav: z.strictObject({ label: text, messages: text, visits: text, reviews: text, phone: text, content: text, system: text, logout: text }),
  notFound: text,
  noPassword: z.strictObject({ title: text, text, command: text }),
  login: z.strictObject({
    title: text,
    password: text,
    submit: text,
    failed: text,
    throttled: wordsWith('minutes', 'time'),
    throttledDevice: wordsWith('minutes', 'time'),
    busy: text,
    lifetime: wordsWith('hours'),
    expired: wordsWith('hours'),
    loggedOut: text,
    notSaved: text,
    refused: text,
  }),
  messages: z.strictObject({
    title: text,
    searchLabel: text,
    search: text,
    showAll: text,
    none: text,
    noneFound: wordsWith('query'),
    found: wordsWith('count', 'query'),
    foundOne: wordsWith('query'),
    older: text,
    newer: text,
    received: wordsWith('time', 'form'),
    forms: z.strictObject({ home: text, kontakt: text, html: text }),
    email: text,
    phone: text,
    noContact: text,
    mailSent: wordsWith('time'),
    mailSentTo: wordsWith('to', 'time'),
    mailFiled: wordsWith('time'),
    mailRetrying: text,
    mailPending: wordsWith('attempts', 'time'),
    mailPendingNow: wordsWith('attempts'),
    mailFailed: wordsWith('attempts'),
    resend: text,
    resent: text,
    delete: text,
    deleteTitle: text,
    deleteText: wordsWith('weeks'),
    deleteConfirm: text,
    cancel: text,
    deleted: text,
    missing: text,
  }),
  visits: z.strictObject({
    title: text,
    perDay: z.strictObject({ title: text, note: text }),
    clicks: z.strictObject({ title: text, note: text, call: text, whatsapp: text }),
    topPages: z.strictObject({ title: text }),
    topPlaces: z.strictObject({ title: text }),
    day: text,
    page: text,
    views: text,
    total: text,
    none: text,
    chartLabel: wordsWith('title'),
  }),
  reviews: z.strictObject({
    title: text,
    stored: wordsWith('count', 'average'),
    none: text,
    google: wordsWith('rating', 'count'),
    lastSync: wordsWith('time'),
    neverSynced: text,
    success: wordsWith('inserted', 'updated', 'deleted'),
    failure: wordsWith('reason'),
    /** Why a sync failed, in German, by the kind of its message (server/reviews/google.ts, failureKindOf). */
    failures: z.strictObject({ config: text, refused: text, network: text, other: text }),
    sync: text,
  }),
  /** The phone script's page; its title is the script's heading (data/phone-script.yaml). */
  phone: z.strictObject({ note: text }),
  system: z.strictObject({
    title: text,
    database: text,
    pendingMails: text,
    mailTransport: text,
    transportSmtp: wordsWith('host', 'port'),
    transportFile: wordsWith('folder'),
    lastMailSuccess: text,
    mailSuccessSmtp: wordsWith('time'),
    mailSuccessFile: wordsWith('time'),
    noMailYet: text,
    lastMailFailure: text,
    mailFailure: wordsWith('time', 'reason'),
    noMailFailure: text,
    mailFailures: z.strictObject({ auth: text, connection: text, timeout: text, rejected: text, other: text }),
    mailAlarm: wordsWith('time', 'reason'),
    build: text,
    loginAttempts: text,
    loginCounts: wordsWith('failed', 'refused'),
    loginCountsSince: wordsWith('failed', 'refused', 'time'),
    version: text,
    /** A release a build made that the running server would not serve. */
    releaseRefused: wordsWith('time', 'error'),
  }),
  /** The go-live check on the System page (core/go-live.ts): a text per kind of item, with its slots. */
  goLive: z.strictObject({
    title: text,
    intro: text,
    groups: z.strictObject({ required: text, recommended: text, optional: text }),
    none: text,
    /** The second, smaller line of an item of data/ on the System page: its file and data path. */
    technician: wordsWith('file', 'field'),
    /** The analytics services of `unset` items, by their key in data/site.yaml (`analytics`). */
    services: z.record(z.string(), text),
    development: text,
    items: z.strictObject({
      example: wordsWith('file', 'field', 'value'),
      missing: wordsWith('file', 'field'),
      unset: wordsWith('file', 'field', 'service'),
      unconfirmed: wordsWith('file', 'field', 'text'),
      lawyer: wordsWith('file'),
      invented: wordsWith('file', 'field'),
      placeholder: wordsWith('file'),
      reviewLink: wordsWith('file', 'field'),
      siteUrlExample: wordsWith('url'),
      siteUrlDiffers: wordsWith('url', 'dataUrl'),
      smtpUnset: text,
      smtpFailed: wordsWith('server', 'reason'),
      noPassword: text,
      noBackup: text,
      oldBackup: wordsWith('time', 'hours'),
    }),
  }),
  /** The overview of what the owner can edit (/intern/inhalte): one entry per form of server/content/forms.ts. */
  content: z.strictObject({ title: text, intro: text, sections: z.record(z.string(), z.strictObject({ title: text, text })) }),
  /** What every data form says (server/owner/views/content-view.tsx), with a German message per kind of problem. */
  form: z.strictObject({
    shown: wordsWith('text'),
    save: text,
    saved: wordsWith('form'),
    /** A part of a form saved, as a town of Orte: "Gespeichert: Bochum (Orte):". */
    savedPart: wordsWith('name', 'form'),
    change: wordsWith('label', 'before', 'after'),
    rebuild: text,
    /** After a save that leaves the data as last published: nothing to publish. */
    nothingLeft: text,
    unchanged: text,
    problemsTitle: text,
    problems: z.strictObject({
      euro: text,
      cents: text,
      whole: text,
      atLeast: wordsWith('min'),
      time: text,
      hours: text,
      text,
      choice: text,
      build: wordsWith('message'),
      // The texts of pages and the promises (server/content/text-forms.ts, server/content/claims-form.ts).
      line: text,
      textarea: text,
      checkbox: text,
      tooShort: wordsWith('min'),
      atMost: wordsWith('max'),
      slotsDropped: wordsWith('slots'),
      slotsAdded: wordsWith('slots'),
      // The business facts (server/content/fact-values.ts).
      phone: text,
      mobile: text,
      email: text,
      url: text,
      postcode: text,
      days: text,
      date: text,
      vatId: text,
      fact: text,
      flag: text,
    }),
    checkFailed: text,
    /** The data file cannot be read as the form (invalid YAML, another shape): nothing can be edited. */
    unreadable: wordsWith('file'),
    /** A form body the server could not read (too large, too many fields, malformed). */
    malformed: text,
    unknownField: wordsWith('name'),
    conflict: wordsWith('form'),
    field: text,
    yours: text,
    inFile: text,
  }),
  /** The form of data/prices.yaml (/intern/inhalte/preise). */
  prices: z.strictObject({
    title: text,
    intro: text,
    groups: z.strictObject({ services: text, parts: text, extras: text, surcharge: text, happyHour: text }),
    fields: z.strictObject({
      price: wordsWith('title'),
      percent: text,
      when: text,
      appliesTo: text,
      appliesToLabour: text,
      appliesToTotal: text,
      standardHours: text,
      happyDays: text,
      happyFrom: text,
      happyTo: text,
      happyPrice: wordsWith('service'),
      happyCondition: text,
    }),
  }),
  ...publishWordsShape,
  ...formWordsShape,
  /** The forms of data/site.yaml and the legal texts' dates (core/schema/console-site-forms.ts). */
  contact: contactFormWords,
  legal: legalFormWords,
  /** The Orte form of data/places/ (/intern/inhalte/orte). */
  places: placesConsoleWords,
  backups: backupsConsoleWords,
  /** The messages as an inbox (/intern/nachrichten; core/schema/console-inbox.ts). */
  inbox: inboxConsoleWords,
  statistics: statisticsConsoleWords,
  ...pushWordsShape,
  ...reviewListWordsShape,
});

export type ConsoleWords = z.infer<typeof consoleWordsSchema>;

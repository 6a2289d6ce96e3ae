// The words of the console's forms of data/site.yaml ("Kontakt und Zeiten", "Rechtliches") and of
// the legal texts' version dates, part of data/console.yaml (core/schema/console.ts).
import { z } from 'zod';
import { wordsWith } from './slots.ts';

const text = z.string().min(2);

/** The form of data/site.yaml's ways to reach the business and its hours (/intern/inhalte/kontakt). */
export const contactFormWords = z.strictObject({
  title: text,
  intro: text,
  groups: z.strictObject({ business: text, reach: text, address: text, hours: text, reviews: text }),
  fields: z.strictObject({
    name: text,
    nameHint: text,
    legalName: text,
    legalNameHint: text,
    owner: text,
    url: text,
    urlHint: text,
    phone: text,
    phoneHint: text,
    phoneShown: wordsWith('display', 'link'),
    whatsapp: text,
    whatsappHint: text,
    whatsappShown: wordsWith('display', 'link'),
    email: text,
    emailShown: wordsWith('email'),
    street: text,
    streetHint: wordsWith('latitude', 'longitude'),
    postalCode: text,
    city: text,
    emergency: text,
    officeDays: wordsWith('days'),
    officeDaysHint: text,
    officeOpens: wordsWith('days'),
    officeCloses: wordsWith('days'),
    officeShown: wordsWith('days', 'opens', 'closes'),
    emailReply: text,
    reviewsPage: text,
    reviewsPageHint: text,
  }),
  /** What is still the shipped example, beside its field (build/check.ts lists the same for `npm run check`). */
  warnings: z.strictObject({ exampleName: text, exampleUrl: text, exampleNumber: text, exampleMail: text, exampleStreet: text, reviewSearch: text }),
  /** An office row whose closing time is not after its opening time, at the closing time. */
  officeOrder: text,
});

/** The form of data/site.yaml's legal facts and the legal texts' versions (/intern/inhalte/rechtliches, and /intern/inhalte/rechtliches/<name>). */
export const legalFormWords = z.strictObject({
  title: text,
  intro: text,
  groups: z.strictObject({ registration: text, insurance: text, vat: text, hosting: text, versions: text }),
  fields: z.strictObject({
    lawyerConfirmed: text,
    tradeOffice: text,
    tradeOfficeHint: text,
    chamber: text,
    rollNumber: text,
    rollNumberHint: text,
    profession: text,
    professionHint: text,
    professionGrantedIn: text,
    supervisoryAuthority: text,
    supervisoryAuthorityHint: text,
    insurer: text,
    insuranceArea: text,
    smallBusiness: text,
    smallBusinessYes: text,
    smallBusinessNo: text,
    smallBusinessWarning: text,
    smallBusinessShown: wordsWith('now', 'other'),
    vatId: text,
    vatIdHint: text,
    hostingProvider: text,
    hostingAddress: text,
    stand: wordsWith('text'),
    standShown: wordsWith('date'),
  }),
  /** The legal texts whose version date the console edits, by file name (data/legal/<name>.md). */
  texts: z.strictObject({ agb: text, datenschutz: text, widerruf: text }),
  notApplicable: text,
  emptyHint: text,
  /** A fact still null: `npm run check` lists it. */
  missing: text,
  /** A fact the texts name only together with another that is entered ({label}). */
  needs: wordsWith('label'),
  /** The page of a legal text's version date (/intern/inhalte/rechtliches/<name>). */
  versionTitle: wordsWith('text'),
  versionIntro: text,
  versionHint: text,
});

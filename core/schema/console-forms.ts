// The words of the console's Versprechen, Texte and Fotos forms (data/console.yaml: claims, texts,
// photos), part of core/schema/console.ts's schema.
import { z } from 'zod';
import { wordsWith } from './slots.ts';

const text = z.string().min(2);

export const formWordsShape = {
  /** The form of data/claims.yaml (/intern/inhalte/versprechen): a name per promise, a label per figure. */
  claims: z.strictObject({
    title: text,
    intro: text,
    names: z.record(z.string(), text),
    fields: z.strictObject({
      text,
      condition: text,
      exception: wordsWith('number'),
      basis: text,
      basisNote: text,
      confirmed: text,
      confirmedYes: text,
      confirmedNo: text,
    }),
    figures: z.record(z.string(), text),
    confirmedState: text,
    unconfirmedState: text,
    shownOn: wordsWith('pages'),
    shownNowhere: text,
  }),
  /** The forms of the pages' texts (/intern/inhalte/texte/<slug>, server/content/text-pages.ts). */
  texts: z.strictObject({
    title: wordsWith('page', 'address'),
    intro: text,
    /** Each page's name and address, by the slug of its form. */
    pages: z.record(z.string(), z.strictObject({ title: text, address: z.string() })),
    /** German names of the files' keys; a key without one is shown split into words. */
    keys: z.record(z.string(), text),
    item: wordsWith('number'),
    /** A group of fields by the page it is read on ("Türöffnung … – /leistungen/tueroeffnung"); the words every service page shares. */
    pageGroup: wordsWith('page', 'address'),
    servicePages: text,
    /** A trust page's name in its form's title; under its body, how Markdown is written. */
    trustPage: text,
    markdownNote: text,
    /** The legal pages' forms: the notice at their top (and, for a dated text, its date), the placeholders' hint under the body, the saved notice's word on the date set to today ({date}). */
    legalIntro: text,
    legalStandIntro: text,
    legalPlaceholders: wordsWith('example', 'ifStart', 'ifEnd'),
    /** Under the privacy policy's body: its tables come from data/privacy.yaml. */
    legalPrivacy: wordsWith('privacy'),
    standSet: wordsWith('date'),
    /** A switch's box, as the conflict table and the list of changes name its states. */
    yes: text,
    no: text,
  }),
  /** The Fotos form (/intern/inhalte/fotos, server/owner/photos.tsx): each photo replaced by an upload and described. */
  photos: z.strictObject({
    title: text,
    intro: text,
    gallery: text,
    page: wordsWith('page'),
    current: text,
    addTitle: text,
    addIntro: text,
    fields: z.strictObject({
      picture: text,
      pictureHint: wordsWith('megabytes', 'width', 'height'),
      keepPicture: text,
      focus: text,
      focusChoices: z.strictObject({ centre: text, top: text, bottom: text, left: text, right: text }),
      alt: text,
      altHint: text,
      title: text,
      subtitle: text,
    }),
    save: text,
    add: text,
    saved: wordsWith('name'),
    savedPicture: wordsWith('where'),
    inGallery: wordsWith('name'),
    examplesOff: wordsWith('lead'),
    remove: text,
    removeQuestion: wordsWith('name'),
    removeNote: text,
    removeConfirm: text,
    cancel: text,
    removed: wordsWith('name'),
    placeholder: text,
    tooLarge: wordsWith('megabytes'),
    full: wordsWith('max'),
    notFound: text,
    problems: z.strictObject({
      notPhoto: text,
      heic: text,
      unreadable: text,
      tooManyPixels: wordsWith('megapixels'),
      tooSmall: wordsWith('width', 'height'),
      alt: wordsWith('min', 'max'),
      text: wordsWith('min', 'max'),
      missing: text,
      drawingAlt: text,
    }),
  }),
};

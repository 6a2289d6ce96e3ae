// Front matter of the long prose pages in data/legal/*.md, and of the withdrawal rules that the AGB
// and the order form share (data/legal/widerruf.md).
import { z } from 'zod';
import { seoDescription, seoTitle } from './seo.ts';

function isCalendarDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** A calendar day written "2026-11-24"; YAML reads an unquoted date as a Date, which counts too. */
export const isoDay = z.preprocess(
  (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as "2026-11-24"').refine(isCalendarDay, 'is not a day of the calendar'),
);

export const proseFrontMatterSchema = z.strictObject({
  title: seoTitle,
  description: seoDescription,
  heading: z.string().min(3),
  /** The version of the text ("Stand"), set by the owner with the text: never the build's date. */
  stand: isoDay.optional(),
});

export type ProseFrontMatter = z.infer<typeof proseFrontMatterSchema>;

/** The sections of data/legal/widerruf.md, by the id each heading carries ("## … {#id}"). */
export const WITHDRAWAL_SECTIONS = ['widerrufsrecht', 'sofortiger-beginn', 'widerrufsbelehrung', 'muster-widerrufsformular'] as const;
export type WithdrawalSectionId = (typeof WITHDRAWAL_SECTIONS)[number];

export const withdrawalFrontMatterSchema = z.strictObject({
  stand: isoDay,
  /** False until a lawyer has confirmed the reading of §§ 312g, 356 BGB: `npm run check` lists it. */
  lawyerConfirmed: z.boolean(),
});

// The withdrawal rules (data/legal/widerruf.md), written once and shown twice: the AGB include its
// sections by id, the order form /auftrag shows all of them. One text, so the two can never differ.
import { marked } from 'marked';
import { WITHDRAWAL_SECTIONS, withdrawalFrontMatterSchema, type WithdrawalSectionId } from '../../core/schema/legal.ts';
import { DataError, DataErrors } from '../data-error.ts';
import { loadMarkdown } from './files.ts';

export interface WithdrawalSection {
  id: WithdrawalSectionId;
  heading: string;
  /** The section's text below its heading, placeholders filled. */
  markdown: string;
  html: string;
}

export interface Withdrawal {
  stand: string;
  lawyerConfirmed: boolean;
  sections: Record<WithdrawalSectionId, WithdrawalSection>;
}

const SECTION_HEADING = /^## (.+?)\s*\{#([a-z0-9-]+)\}\s*$/gm;
const INCLUDE = /^\{\{widerruf:([a-z0-9-]+)\}\}$/gm;

const isSectionId = (id: string): id is WithdrawalSectionId => (WITHDRAWAL_SECTIONS as readonly string[]).includes(id);
const render = (markdown: string) => marked.parse(markdown, { async: false, gfm: true });

export function loadWithdrawal(path: string, label: string, fill: <T>(data: T, label: string) => T): Withdrawal {
  const prose = loadMarkdown(path, label, withdrawalFrontMatterSchema, fill);
  const headings = [...prose.markdown.matchAll(SECTION_HEADING)];
  const errors: DataError[] = [];
  const sections: Partial<Record<WithdrawalSectionId, WithdrawalSection>> = {};
  headings.forEach((match, index) => {
    const [line, heading, id] = match as unknown as [string, string, string];
    const end = headings[index + 1]?.index ?? prose.markdown.length;
    const markdown = prose.markdown.slice(match.index + line.length, end).trim();
    if (!isSectionId(id)) errors.push(new DataError(label, `## ${heading}`, `"{#${id}}" is not a section id (known: ${WITHDRAWAL_SECTIONS.join(', ')})`));
    else if (sections[id]) errors.push(new DataError(label, `## ${heading}`, `the id "{#${id}}" is used twice`));
    else sections[id] = { id, heading, markdown, html: render(markdown) };
  });
  for (const id of WITHDRAWAL_SECTIONS) {
    if (!sections[id]) errors.push(new DataError(label, 'body', `has no section "## … {#${id}}"; the AGB and the order form need it`));
  }
  if (errors.length > 0) throw new DataErrors(errors);
  return { ...prose.data, sections: sections as Record<WithdrawalSectionId, WithdrawalSection> };
}

/** Replaces each line `{{widerruf:id}}` of a legal text by that section, its heading one level down (### under a § heading). */
export function includeWithdrawal(markdown: string, withdrawal: Withdrawal, label: string): string {
  const errors: DataError[] = [];
  const result = markdown.replace(INCLUDE, (line, id: string) => {
    if (!isSectionId(id)) {
      errors.push(new DataError(label, 'body', `${line} names no section of data/legal/widerruf.md (known: ${WITHDRAWAL_SECTIONS.join(', ')})`));
      return line;
    }
    const section = withdrawal.sections[id];
    return `### ${section.heading}\n\n${section.markdown}`;
  });
  if (errors.length > 0) throw new DataErrors(errors);
  return result;
}

// The catalogue of the server's messages to visitors (data/messages.yaml): German, none empty, each
// wording once, slots checked by the schema when the data loads. That the server answers with
// these wordings and no others is held by the integration tests and the fuzz test.
import { describe, expect, it } from 'vitest';
import { fillSlots } from '../../core/slots.ts';
import { problems } from '../support/data-load.ts';
import { MESSAGES } from '../support/server-files.ts';

/** Every text of the catalogue with its key, as "api.tooLarge". */
function entries(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => entries(inner, path ? `${path}.${key}` : key));
}

// A word of German grammar that any sentence of the catalogue has, and English words that none may.
const GERMAN = /[äöüÄÖÜß]|\b(Sie|Ihre?|Die|Der|Diese|ist|nicht|oder|muss|zu|gibt|Bitte|ein|wird|werden|zur|Anfrage|Nachricht)\b/i;
const ENGLISH = /\b(the|please|request|error|invalid|too many|not found|must|is)\b/i;

describe('the visitor messages of the server', () => {
  const texts = entries(MESSAGES);

  it('are German sentences, none empty and none English', () => {
    expect(texts.length).toBeGreaterThan(30);
    expect(texts.filter(([, text]) => text.trim().length < 2 || !GERMAN.test(text) || ENGLISH.test(text))).toEqual([]);
  });

  it('hold each wording once: one text for too many requests, whichever limit', () => {
    const seen = new Map<string, string>();
    const twice = texts.filter(([key, text]) => seen.has(text) || !seen.set(text, key)).map(([key, text]) => `${key} = ${seen.get(text)}: ${text}`);
    expect(twice).toEqual([]);
    expect(texts.filter(([, text]) => text.startsWith('Zu viele Anfragen')).map(([key]) => key)).toEqual(['api.tooManyRequests']);
  });

  it('fill the minutes to wait into the limit\'s message', () => {
    expect(fillSlots(MESSAGES.api.tooManyRequests, { minutes: 10 })).toMatch(/\b10\b/);
  });

  it('refuse a slot the server cannot fill, naming file and field', () => {
    const message = problems((data) => data.edit('messages.yaml', (text) => text.replace('in {minutes} Min.', 'in {minuten} Min.')));
    expect(message).toMatch(/^data\/messages\.yaml:\d+: api\.tooManyRequests: uses/);
    expect(message).toContain('api.tooManyRequests: uses {minuten}, which this text cannot fill; it may use {minutes}');
    expect(problems((data) => data.edit('messages.yaml', (text) => text.replace('  tooLarge: Die Anfrage ist zu groß.\n', '')))).toMatch(/^data\/messages\.yaml:\d+: api\.tooLarge: is missing$/);
  });
});

// What the build writes into dist/_server/ for the server besides the pages, for tests that write a
// dist/ of their own: the visitor's messages (messages.json) and the words and build facts of
// site.json, loaded from data/ the way the build loads them, never copied into a test. Tests
// compare the server's answers with MESSAGES.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSiteData } from '../../build/load/site-data.ts';
import { REVIEWS_WORDS, wordsOf } from '../../build/routes/index.ts';
import { serverFile, siteFactsSchema, type SiteFacts } from '../../core/build-server-contract.ts';
import { visitorMessagesSchema, type VisitorMessages } from '../../core/schema/messages.ts';
import { BUILD_DATE } from './build-settings.ts';

const data = loadSiteData({ buildDate: BUILD_DATE });

/** site.json's fields besides the business facts: the reviews island's and the console's words, the phone script, the build. */
export const SERVER_WORDS = {
  reviewsIsland: wordsOf(data, REVIEWS_WORDS).island,
  console: data.consoleWords,
  phoneScript: data.phoneScript,
  build: { date: BUILD_DATE.toISOString(), version: '0.0.0-test' },
};

/** Every message the server gives a visitor (data/messages.yaml), as the server reads it. */
export const MESSAGES: VisitorMessages = visitorMessagesSchema.parse(data.messages);

type BusinessFacts = Omit<SiteFacts, keyof typeof SERVER_WORDS>;

/**
 * Writes dist/_server/messages.json, and site.json when `facts` are given (with SERVER_WORDS),
 * each checked by the contract's schema as the build checks them.
 */
export function writeServerFiles(distDir: string, facts?: BusinessFacts): void {
  mkdirSync(join(distDir, '_server'), { recursive: true });
  writeFileSync(join(distDir, serverFile('messages')), JSON.stringify(MESSAGES));
  if (facts !== undefined) writeFileSync(join(distDir, serverFile('siteFacts')), JSON.stringify(siteFactsSchema.parse({ ...facts, ...SERVER_WORDS })));
}

// The words of the console's Orte form (data/console.yaml, `places`; server/owner/places.tsx): the
// list of towns, a town's page with its districts, adding and removing a place, and a German
// message for each problem the form finds before the build's own checks.
import { z } from 'zod';
import { wordsWith } from './slots.ts';

const text = z.string().min(2);

export const placesConsoleWords = z.strictObject({
  title: text,
  intro: text,
  list: z.strictObject({
    row: wordsWith('region', 'arrival', 'count'),
    found: wordsWith('found', 'count'),
    /** Why the other pages are not found, by the served release's verdicts (core/build-server-contract.ts, NOINDEX_REASONS). */
    notFound: wordsWith('reasons'),
    reasons: z.strictObject({ noDescription: wordsWith('count'), tooShort: wordsWith('count'), similar: wordsWith('count', 'names') }),
    /** The places not yet published, counted by the data's rule. */
    expected: wordsWith('names'),
  }),
  add: text,
  addTitle: text,
  addIntro: text,
  addButton: text,
  added: wordsWith('name', 'path'),
  townIntro: wordsWith('path'),
  groups: z.strictObject({ town: text, texts: text, districts: text, addDistrict: text }),
  fields: z.strictObject({
    name: text,
    nameHint: text,
    region: text,
    /** The region's empty first choice for a new town, which must be changed. */
    regionChoose: text,
    arrivalTime: text,
    arrivalHint: text,
    population: text,
    populationHint: text,
    description: text,
    descriptionHint: wordsWith('min'),
    facts: text,
    factsHint: text,
    sources: text,
    sourcesHint: text,
    districtName: wordsWith('name'),
    districtDescription: wordsWith('name'),
    districtSources: wordsWith('name'),
    newDistricts: text,
    newDistrictsHint: text,
    addDistrictName: text,
  }),
  addDistrict: text,
  postcodes: wordsWith('codes'),
  postcodesNote: text,
  noPostcodes: text,
  page: wordsWith('path'),
  indexing: z.strictObject({
    town: text,
    district: text,
    noDescription: text,
    tooShort: wordsWith('count', 'min'),
    rule: wordsWith('min'),
    /** The served release's verdicts: found, with the most similar other page; not found as too similar. */
    found: text,
    closest: wordsWith('other', 'percent', 'max'),
    similar: wordsWith('other', 'percent', 'max'),
    /** A place not yet published: what the data's rule lets expect. */
    expected: wordsWith('text'),
    /** A saved change that alters the verdict once published, by the rule, or as the current preview's build decided. */
    changed: wordsWith('text'),
    previewed: wordsWith('text'),
    /** A place not yet published, as the current preview's build decided. */
    previewNew: wordsWith('text'),
  }),
  remove: wordsWith('name'),
  removeTownTitle: wordsWith('name'),
  removeDistrictTitle: wordsWith('name', 'town'),
  removeTown: wordsWith('path', 'count'),
  removeDistrict: wordsWith('path'),
  /** What answers a removed place's old addresses (server/owner/places-removal.tsx, `afterRemoval`), once each. */
  afterUnknownPlace: wordsWith('paths'),
  afterNotFound: wordsWith('paths'),
  districtPages: text,
  or: text,
  noRedirect: text,
  confirm: text,
  cancel: text,
  removed: wordsWith('name'),
  districtAdded: wordsWith('name', 'path'),
  missing: text,
  problems: z.strictObject({
    arrival: text,
    population: text,
    short: wordsWith('count', 'min'),
    arrivalInText: text,
    noSource: text,
    sourceWithoutText: text,
    notInPostcodes: wordsWith('name'),
    taken: wordsWith('name', 'path'),
    twice: wordsWith('name'),
    count: wordsWith('phrase', 'listed', 'word'),
    neighbour: wordsWith('name', 'district', 'file'),
    phrase: wordsWith('name', 'phrase'),
  }),
});

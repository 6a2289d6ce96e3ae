// The part of the index policy the data alone decides (docs/decisions.md, 'District pages noindex
// until they have own content'): every town page may be indexed; a district page only with a
// description written for it of at least OWN_DESCRIPTION_WORDS words. The build applies it
// (build/indexing/policy.ts) and then holds back a district page that reads too much like another;
// the owner's console shows it beside each place (server/content/places-data.ts).
import { words } from './format.ts';
import { OWN_DESCRIPTION_WORDS } from './schema/places.ts';

export type OwnContent = { indexable: true } | { indexable: false; lacking: 'description' } | { indexable: false; lacking: 'words'; count: number };

/** Whether a place page has content of its own enough to be indexed: a town always, a district by its description. */
export function ownContent(kind: 'town' | 'district', description: string | null): OwnContent {
  if (kind === 'town') return { indexable: true };
  if (description === null) return { indexable: false, lacking: 'description' };
  const count = words(description).length;
  return count < OWN_DESCRIPTION_WORDS ? { indexable: false, lacking: 'words', count } : { indexable: true };
}

// The notations a string value may hold field names in, each with its two questions: which references, and
// is a name being typed at this offset. An adapter picks the notation from the option the string belongs to.
import { dissectRefs, dissectSiteAt } from './dissect';
import { grokRefs, grokSiteAt } from './grok';
import { mustacheRefs, mustacheSiteAt } from './mustache';
import { painlessRefs, painlessSiteAt } from './painless';
import type { EmbeddedRef, NameSite } from './types';

export type Notation = 'grok' | 'dissect' | 'mustache' | 'painless';

export interface NotationReader {
  /** Every field reference in the decoded string, in order. */
  refs(this: void, text: string): EmbeddedRef[];
  /** The place where a field name is being typed at `offset` (decoded), if the caret is at one. */
  siteAt(this: void, text: string, offset: number): NameSite | undefined;
}

export const NOTATIONS: Readonly<Record<Notation, NotationReader>> = {
  grok: { refs: grokRefs, siteAt: grokSiteAt },
  dissect: { refs: dissectRefs, siteAt: dissectSiteAt },
  mustache: { refs: mustacheRefs, siteAt: mustacheSiteAt },
  painless: { refs: painlessRefs, siteAt: painlessSiteAt },
};

// The limit on completion items per answer in the editor (`fieldwise.completion.maxItems`): the top level of an event
// offers every field of the schema with its nesting (hundreds of entries). Past the limit the answer
// says it is incomplete, so the client asks again as the user types, and the server filters by what was typed.
// Key completion applies it to its candidates before it builds any entry (`keyCompletion.ts`); every other list after.
import type { CompletionEntry, LimitedCompletion } from './types';

/** How the limit reads one item of a list: what a client shows, filters and sorts it by, and the word typed before the caret for it. */
export interface LimitReader<T> {
  label(item: T): string;
  filterText(item: T): string;
  sortText(item: T): string;
  typed(item: T): string;
}

/**
 * At most `max` of `items`. Nothing typed: the names of the caret's own level where there are any (labels without a
 * dot: items name paths relative to the caret's object), else the shortest paths. Something typed: the items whose
 * filter text holds it as a subsequence, which is every item a fuzzy-matching client would still show, best matches first.
 */
export function keepBest<T>(items: T[], read: LimitReader<T>, max: number): { kept: T[]; incomplete: boolean } {
  if (items.length <= max) return { kept: items, incomplete: false };
  const levelNames = items.some((item) => read.typed(item) === '' && !read.label(item).includes('.'));
  const ranked: Array<{ item: T; rank: number; label: string }> = [];
  for (const item of items) {
    const typed = read.typed(item);
    const label = read.label(item);
    const rank = typed !== '' ? matchRank(read.filterText(item), typed.toLowerCase()) : levelNames && label.includes('.') ? -1 : 0;
    if (rank >= 0) ranked.push({ item, rank, label });
  }
  ranked.sort((a, b) => a.rank - b.rank || segments(a.label) - segments(b.label) || compare(read.sortText(a.item), read.sortText(b.item)));
  const kept: T[] = [];
  for (let i = 0; i < ranked.length && i < max; i++) kept.push(ranked[i].item);
  return { kept, incomplete: true };
}

/** `entries` within the limit, for the word `typedAt` gives before the caret (the text from an entry's replace start). */
export function withinLimit(entries: CompletionEntry[], typedAt: (entry: CompletionEntry) => string, max: number): LimitedCompletion {
  const { kept, incomplete } = keepBest(entries, { ...ENTRY_READER, typed: typedAt }, max);
  return { entries: kept, incomplete };
}

const ENTRY_READER: Omit<LimitReader<CompletionEntry>, 'typed'> = {
  label: (e) => e.label,
  filterText: (e) => e.filterText ?? e.label,
  sortText: (e) => e.sortText,
};

/** 0: the text starts with `typed`; 1: one of its dotted or snake_case segments does; 2: `typed` is a subsequence; -1: no match. */
function matchRank(text: string, typed: string): number {
  const lower = text.toLowerCase();
  if (lower.startsWith(typed)) return 0;
  for (let i = lower.indexOf('.'); i >= 0; i = lower.indexOf('.', i + 1)) if (lower.startsWith(typed, i + 1)) return 1;
  for (let i = lower.indexOf('_'); i >= 0; i = lower.indexOf('_', i + 1)) if (lower.startsWith(typed, i + 1)) return 1;
  let at = 0;
  for (const c of typed) {
    at = lower.indexOf(c, at) + 1;
    if (at === 0) return -1;
  }
  return 2;
}

function segments(label: string): number {
  let n = 1;
  for (let i = label.indexOf('.'); i >= 0; i = label.indexOf('.', i + 1)) n++;
  return n;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The word typed before the caret for an entry: the text from its replace start, when that is on the caret's line. */
export function typedBefore(text: string, offset: number): (entry: CompletionEntry) => string {
  const words = new Map<number, string>();
  return (entry) => {
    const start = entry.replace.start;
    let word = words.get(start);
    if (word === undefined) words.set(start, (word = wordBefore(text, start, offset)));
    return word;
  };
}

/** The text from `start` to the caret, when it is on the caret's line and short enough to be a typed word. */
export function wordBefore(text: string, start: number, offset: number): string {
  const word = start <= offset && offset - start <= MAX_WORD ? text.slice(start, offset) : '';
  return /[\r\n]/.test(word) ? '' : word;
}

/** Longer "words" are not something a user typed before asking for completion: nothing is filtered by them. */
const MAX_WORD = 256;

/** At most `max` of `entries` made at `offset` of `text`, the best for what was typed: for kinds that make every entry. */
export function limitedTo(entries: CompletionEntry[], text: string, offset: number, max: number): LimitedCompletion {
  return withinLimit(entries, typedBefore(text, offset), max);
}

// The limit on completion items per answer in the editor (`fieldwise.completion.maxItems`): the top level of an event
// offers every field of the schema with its nesting (about 600 entries, 80 KB per answer). Past the limit the answer
// says it is incomplete, so the client asks again as the user types, and the server filters by what was typed.
import type { CompletionEntry } from '../features/types';

export interface LimitedCompletion {
  entries: readonly CompletionEntry[];
  /** Some entries were left out: the client asks again on the next keystroke. */
  incomplete: boolean;
}

/**
 * At most `max` of `entries`, for the word `typed` before the caret (the text from the entries' replace start).
 * Nothing typed: the names of the caret's own level where there are any (labels without a dot: entries name paths
 * relative to the caret's object), else the shortest paths. Something typed: the entries whose filter text holds it as a subsequence, which is every entry a
 * fuzzy-matching client would still show, best matches first.
 */
export function withinLimit(entries: readonly CompletionEntry[], typedAt: (entry: CompletionEntry) => string, max: number): LimitedCompletion {
  if (entries.length <= max) return { entries, incomplete: false };
  const levelNames = entries.some((e) => typedAt(e) === '' && !e.label.includes('.'));
  const ranked: Array<{ entry: CompletionEntry; rank: number }> = [];
  for (const entry of entries) {
    const typed = typedAt(entry);
    const rank = typed !== '' ? matchRank(entry.filterText ?? entry.label, typed.toLowerCase()) : levelNames && entry.label.includes('.') ? -1 : 0;
    if (rank >= 0) ranked.push({ entry, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || segments(a.entry.label) - segments(b.entry.label) || compare(a.entry.sortText, b.entry.sortText));
  const kept = ranked.slice(0, max).map((r) => r.entry);
  return { entries: kept, incomplete: true };
}

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
    if (word === undefined) {
      word = start <= offset && offset - start <= MAX_WORD ? text.slice(start, offset) : '';
      if (/[\r\n]/.test(word)) word = '';
      words.set(start, word);
    }
    return word;
  };
}

/** Longer "words" are not something a user typed before asking for completion: nothing is filtered by them. */
const MAX_WORD = 256;

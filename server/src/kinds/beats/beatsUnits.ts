// A large Beats configuration read in parts: each item of a block `processors:` list is a unit of its own text, parsed
// alone (a block sequence item parses the same with its indentation as inside the whole), and the rest, the
// skeleton, is the text with those items blanked. A unit's reading does not depend on where it stands, so a version
// keeps the units of the last one whose text is unchanged; an edit inside one processor reads that processor again.
// The split is made from the lines alone; where they could mislead it (anchors and aliases, tabs in indentation,
// several documents) the text is read whole.
import { Property, Scalar, ValueNode } from '../../document/model';
import type { ParsedValue } from '../../document/syntaxes/json/jsonValue';

/** One processor item: [start, end) of the text, from its line's start to the next item's (or the list's end). */
export interface UnitSpan {
  start: number;
  end: number;
  /** Offset of the `processors` key of its list. */
  anchor: number;
}

/** A `processors:` key ending its line (maybe after `- ` indicators, before a comment). */
const LIST_KEY = /^((?:[ ]*-[ ]+)*[ ]*)(?:processors|["']processors["'])[ ]*:[ ]*(?:#.*)?\r?$/;
/** An alias or anchor at a value's place: units read alone would not see one another's. */
const ANCHOR_OR_ALIAS = /(?:^|[\s[{,])[&*][A-Za-z0-9_]/;

/**
 * The units of a masked text, in order; undefined when the text must be read whole (no list to split, or a form the
 * lines could mislead about).
 */
export function splitUnits(text: string): UnitSpan[] | undefined {
  if (text.indexOf('processors') < 0 || ANCHOR_OR_ALIAS.test(text)) return undefined;
  const units: UnitSpan[] = [];
  const lines = new LineReader(text);
  let found = lines.next();
  // The next `processors` from the current line on (-1: none left).
  let at = text.indexOf('processors');
  while (found) {
    if (lines.misleading) return undefined;
    // Only a line naming `processors` can open a list.
    if (at >= 0 && at < lines.content) at = text.indexOf('processors', lines.content);
    const key = at >= 0 && at < lines.end ? LIST_KEY.exec(text.slice(lines.start, lines.end)) : null;
    if (!key) {
      found = lines.next();
      continue;
    }
    const anchor = lines.start + key[1].length;
    const keyColumn = anchor - lines.start;
    found = lines.nextContent();
    const column = found ? lines.content - lines.start : -1;
    if (!found || column < keyColumn || !isItem(text, lines)) continue;
    // Every content line of the list's column that starts an item begins a unit; a content line left of it, or one at
    // it that is no item (a sibling key of a list written at its key's column), ends the list.
    let unitStart = lines.start;
    found = lines.nextContent();
    while (found) {
      if (lines.misleading) return undefined;
      const indent = lines.content - lines.start;
      if (indent < column || (indent === column && !isItem(text, lines))) break;
      if (indent === column) {
        units.push({ start: unitStart, end: lines.start, anchor });
        unitStart = lines.start;
      }
      found = lines.nextContent();
    }
    units.push({ start: unitStart, end: found ? lines.start : text.length, anchor });
  }
  return units.length > 0 ? units : undefined;
}

/** What an edit left as it was: the texts' common start and common end, and by how much the end moved. */
export interface Unchanged {
  /** The new text up to here is the old one's. */
  head: number;
  /** The new text from here is the old one's from `tail - delta`. */
  tail: number;
  delta: number;
}

export function unchangedAround(before: string, after: string): Unchanged {
  const shorter = Math.min(before.length, after.length);
  // Compared a block at a time, the blocks halved near the first difference: a string comparison beats a loop of characters.
  let head = 0;
  for (let step = BLOCK; step > 0; step >>= 1) {
    while (head + step <= shorter && before.slice(head, head + step) === after.slice(head, head + step)) head += step;
  }
  let back = 0;
  for (let step = BLOCK; step > 0; step >>= 1) {
    while (back + step <= shorter - head && before.slice(before.length - back - step, before.length - back) === after.slice(after.length - back - step, after.length - back)) back += step;
  }
  return { head, tail: after.length - back, delta: after.length - before.length };
}

const BLOCK = 1 << 14;

/**
 * The units of a text an edit made from `before` (its units `units`), without reading its lines again: the edit stays
 * on one line of a unit, after that line's first character (after the `- ` of an item), neither adds nor takes a line
 * break and writes no anchor or alias, so every line reads as it did. Undefined otherwise.
 */
export function respan(before: string, units: readonly UnitSpan[], after: string, same: Unchanged): UnitSpan[] | undefined {
  const { head, tail, delta } = same;
  if (before.slice(head, tail - delta).includes('\n') || after.slice(head, tail).includes('\n')) return undefined;
  const lineStart = head > 0 ? before.lastIndexOf('\n', head - 1) + 1 : 0;
  let content = lineStart;
  while (content < before.length && before.charCodeAt(content) === 32) content++;
  if (head <= content) return undefined;
  let lo = 0;
  let hi = units.length - 1;
  let holder = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (units[mid].end <= lineStart) lo = mid + 1;
    else if (units[mid].start > lineStart) hi = mid - 1;
    else {
      holder = mid;
      break;
    }
  }
  // On a unit's first line, its item's `- ` stays as it was.
  if (holder < 0 || (units[holder].start === lineStart && head < content + 2) || tail - delta > units[holder].end) return undefined;
  if (ANCHOR_OR_ALIAS.test(after.slice(Math.max(0, head - 2), Math.min(after.length, tail + 2)))) return undefined;
  const out = units.slice(0, holder);
  const edited = units[holder];
  out.push({ start: edited.start, end: edited.end + delta, anchor: edited.anchor });
  for (let i = holder + 1; i < units.length; i++) out.push({ start: units[i].start + delta, end: units[i].end + delta, anchor: units[i].anchor < head ? units[i].anchor : units[i].anchor + delta });
  return out;
}

/** A sequence item: `-` then a space or the line's end. */
function isItem(text: string, line: LineReader): boolean {
  if (text.charCodeAt(line.content) !== 45) return false;
  const after = text.charCodeAt(line.content + 1);
  return line.content + 1 >= line.end || after === 32 || after === 13;
}

/** The lines of a text in order, the current one in its fields; comment lines and blank lines are passed over by `nextContent`. */
class LineReader {
  private at = 0;
  start = 0;
  /** Where the line's content starts (the first character that is not a space); `end` for a blank line. */
  content = 0;
  end = 0;
  /** A line met that the split cannot read by its indentation: a tab in it, or a document marker (`---`, `...`). */
  misleading = false;

  constructor(private readonly text: string) {}

  /** Moves to the next line; false at the end. */
  next(): boolean {
    const text = this.text;
    if (this.at >= text.length) return false;
    const start = this.at;
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    this.at = nl < 0 ? text.length : nl + 1;
    let content = start;
    while (content < end && text.charCodeAt(content) === 32) content++;
    const c = text.charCodeAt(content);
    if (c === 9 || (content === start && (text.startsWith('---', start) || text.startsWith('...', start)))) this.misleading = true;
    this.start = start;
    this.content = content;
    this.end = end;
    return true;
  }

  /** Moves to the next line with content that is not a comment; false at the end. */
  nextContent(): boolean {
    while (this.next()) {
      const c = this.text.charCodeAt(this.content);
      if (this.content < this.end && c !== 35 && c !== 13) return true;
    }
    return false;
  }
}

/**
 * The skeleton: the text without its units (whole lines taken out, so the YAML around them reads as it did), and how
 * its offsets map back to the document's.
 */
export interface Skeleton {
  text: string;
  /** Where each run of kept text starts in the skeleton and in the document, in order. */
  runs: ReadonlyArray<{ at: number; from: number }>;
}

export function skeletonOf(text: string, units: readonly UnitSpan[]): Skeleton {
  const parts: string[] = [];
  const runs: Array<{ at: number; from: number }> = [];
  let copied = 0;
  let length = 0;
  for (const unit of units) {
    if (unit.start > copied) {
      runs.push({ at: length, from: copied });
      parts.push(text.slice(copied, unit.start));
      length += unit.start - copied;
    }
    copied = unit.end;
  }
  runs.push({ at: length, from: copied });
  parts.push(text.slice(copied));
  return { text: parts.join(''), runs };
}

/**
 * Where a skeleton's offsets stand in a version of the document, and back. An end at a run's end stays there (not at
 * the next run's start, past a unit); an offset of the document maps back only from the kept text.
 */
export class OffsetMap {
  constructor(private readonly runs: Skeleton['runs']) {}

  /** A skeleton offset in the document. */
  place(offset: number): number {
    const run = this.runOf(offset, 'at');
    return offset - run.at + run.from;
  }

  placeEnd(end: number): number {
    return end > 0 ? this.place(end - 1) + 1 : this.place(end);
  }

  placeSpan<T extends { start: number; end: number }>(span: T): T {
    return { ...span, start: this.place(span.start), end: this.placeEnd(span.end) };
  }

  /** A document offset in kept text, in the skeleton. */
  back(offset: number): number {
    const run = this.runOf(offset, 'from');
    return offset - run.from + run.at;
  }

  backEnd(end: number): number {
    return end > 0 ? this.back(end - 1) + 1 : this.back(end);
  }

  backSpan<T extends { start: number; end: number }>(span: T): T {
    return { ...span, start: this.back(span.start), end: this.backEnd(span.end) };
  }

  /** The last run that starts at or before `offset`, by its skeleton offset (`at`) or its document offset (`from`). */
  private runOf(offset: number, by: 'at' | 'from'): Skeleton['runs'][number] {
    const runs = this.runs;
    let lo = 0;
    let hi = runs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (runs[mid][by] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return runs[lo];
  }
}

/** A skeleton's parse moved to the document's offsets, its scalars reading their text from `text` (the document's). */
export function placeSkeleton(parsed: ParsedValue, skeleton: Skeleton, text: string): ParsedValue {
  const at = new OffsetMap(skeleton.runs);
  const place = (offset: number): number => at.place(offset);
  const placeEnd = (end: number): number => at.placeEnd(end);
  const moved = new Map<ValueNode, ValueNode>();
  const node = (value: ValueNode | undefined): ValueNode | undefined => {
    if (!value) return undefined;
    const known = moved.get(value);
    if (known) return known;
    let out: ValueNode;
    switch (value.kind) {
      case 'object': {
        out = { kind: 'object', start: place(value.start), end: placeEnd(value.end), properties: [] };
        moved.set(value, out);
        for (const p of value.properties) {
          const key = new Property(p.key, place(p.keySpan.start), placeEnd(p.keySpan.end), place(p.keyTokenSpan.start), placeEnd(p.keyTokenSpan.end));
          if (p.colon !== undefined) key.colon = place(p.colon);
          key.value = node(p.value);
          out.properties.push(key);
        }
        return out;
      }
      case 'array': {
        out = { kind: 'array', start: place(value.start), end: placeEnd(value.end), items: [] };
        moved.set(value, out);
        for (const item of value.items) out.items.push(node(item)!);
        return out;
      }
      case 'invalid':
        out = { kind: 'invalid', raw: value.raw, start: place(value.start), end: placeEnd(value.end) };
        break;
      default:
        out = new Scalar(value.kind, value.value, place(value.start), placeEnd(value.end), text, value.style);
    }
    moved.set(value, out);
    return out;
  };
  return { root: node(parsed.root), errors: parsed.errors.map((e) => ({ start: place(e.start), end: placeEnd(e.end), message: e.message })) };
}

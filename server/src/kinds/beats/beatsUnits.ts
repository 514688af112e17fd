// A large Beats configuration read in parts: each item of a block `processors:` list is a unit of its own text, parsed
// alone (a block sequence item parses the same with its indentation as inside the whole), and the rest, the
// skeleton, is the text with those items blanked. A unit's reading does not depend on where it stands, so a version
// keeps the units of the last one whose text is unchanged; an edit inside one processor reads that processor again.
// The split is made from the lines alone; where they could mislead it (anchors and aliases, tabs in indentation,
// several documents) the text is read whole.

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

interface Line {
  start: number;
  /** Where its content starts (the first character that is not a space); `end` for a blank line. */
  content: number;
  end: number;
}

/**
 * The units of a masked text, in order; undefined when the text must be read whole (no list to split, or a form the
 * lines could mislead about).
 */
export function splitUnits(text: string): UnitSpan[] | undefined {
  if (text.indexOf('processors') < 0 || ANCHOR_OR_ALIAS.test(text) || /^---|^\.\.\./m.test(text) || /^[ ]*\t/m.test(text)) return undefined;
  const units: UnitSpan[] = [];
  const lines = new LineReader(text);
  let line = lines.next();
  while (line) {
    const key = LIST_KEY.exec(text.slice(line.start, line.end));
    if (!key) {
      line = lines.next();
      continue;
    }
    const anchor = line.start + key[1].length;
    const keyColumn = anchor - line.start;
    let item = lines.nextContent();
    const column = item ? item.content - item.start : -1;
    if (!item || column < keyColumn || !isItem(text, item)) {
      line = item;
      continue;
    }
    // Every content line of the list's column that starts an item begins a unit; a content line left of it, or one at
    // it that is no item (a sibling key of a list written at its key's column), ends the list.
    let unitStart = item.start;
    let next = lines.nextContent();
    while (next) {
      const at = next.content - next.start;
      if (at < column || (at === column && !isItem(text, next))) break;
      if (at === column) {
        units.push({ start: unitStart, end: next.start, anchor });
        unitStart = next.start;
      }
      next = lines.nextContent();
    }
    const end = next ? next.start : text.length;
    units.push({ start: unitStart, end, anchor });
    item = next;
    line = item;
  }
  return units.length > 0 ? units : undefined;
}

/** A sequence item: `-` then a space or the line's end. */
function isItem(text: string, line: Line): boolean {
  if (text.charCodeAt(line.content) !== 45) return false;
  const after = text.charCodeAt(line.content + 1);
  return line.content + 1 >= line.end || after === 32 || after === 13;
}

/** The lines of a text in order; comment lines and blank lines are passed over by `nextContent`. */
class LineReader {
  private at = 0;

  constructor(private readonly text: string) {}

  next(): Line | undefined {
    const text = this.text;
    if (this.at >= text.length) return undefined;
    const start = this.at;
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    this.at = nl < 0 ? text.length : nl + 1;
    let content = start;
    while (content < end && text.charCodeAt(content) === 32) content++;
    return { start, content, end };
  }

  /** The next line with content that is not a comment. */
  nextContent(): Line | undefined {
    for (let line = this.next(); line; line = this.next()) {
      const c = this.text.charCodeAt(line.content);
      if (line.content < line.end && c !== 35 && c !== 13) return line;
    }
    return undefined;
  }
}

/** The skeleton: the text with every unit blanked to spaces, its line breaks kept (offsets are the document's). */
export function skeletonText(text: string, units: readonly UnitSpan[]): string {
  const parts: string[] = [];
  let copied = 0;
  for (const unit of units) {
    parts.push(text.slice(copied, unit.start), blankKeepingLines(text, unit.start, unit.end));
    copied = unit.end;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

function blankKeepingLines(text: string, start: number, end: number): string {
  let out = '';
  let from = start;
  for (let nl = text.indexOf('\n', from); nl >= 0 && nl < end; nl = text.indexOf('\n', from)) {
    out += `${' '.repeat(nl - from)}\n`;
    from = nl + 1;
  }
  return out + ' '.repeat(end - from);
}

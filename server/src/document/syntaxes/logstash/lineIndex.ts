// Line starts (the one line table, document/lines.ts) and each line's indentation, found once: the parser's recovery
// and the formatter ask for the line of an offset thousands of times, and a config may be one very long line.
import { lineOf, lineStarts } from '../../lines';

export class LineIndex {
  /** starts[i]: offset of line i's first character; a line ends at its `\n` (a `\r` before it belongs to the line). */
  readonly starts: readonly number[];
  private readonly indentEnds: Int32Array;

  constructor(readonly text: string) {
    this.starts = lineStarts(text);
    this.indentEnds = new Int32Array(this.starts.length).fill(-1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** The 0-based line holding `offset` (an offset at a `\n` belongs to the line that `\n` ends). */
  lineOf(offset: number): number {
    return lineOf(this.starts, offset);
  }

  /** Offset just after line `line`'s spaces and tabs. */
  indentEnd(line: number): number {
    let end = this.indentEnds[line];
    if (end >= 0) return end;
    end = this.starts[line];
    const text = this.text;
    while (end < text.length) {
      const c = text.charCodeAt(end);
      if (c !== 32 && c !== 9) break;
      end++;
    }
    this.indentEnds[line] = end;
    return end;
  }

  /** The width of the indentation of the line holding `offset`, in characters (a tab counts one). */
  indentWidth(offset: number): number {
    const line = this.lineOf(offset);
    return this.indentEnd(line) - this.starts[line];
  }

  /** Whether only spaces and tabs precede `offset` on its line. */
  firstOnLine(offset: number): boolean {
    return this.indentEnd(this.lineOf(offset)) === offset;
  }

  /** Whether a line break lies in [from, to). */
  breakBetween(from: number, to: number): boolean {
    return to > from && this.lineOf(to) > this.lineOf(from);
  }
}

/** The index of the text last asked about: the writer and the outline ask about one text many times in a row. */
let last: LineIndex | undefined;

export function lineIndexFor(text: string): LineIndex {
  if (last?.text !== text) last = new LineIndex(text);
  return last;
}

// The open documents' text with their line table, for TextDocuments: the same answers as vscode-languageserver-
// textdocument's TextDocument (UTF-16 offsets; \n, \r\n and \r end a line), but the table is a typed array found by
// native string search, quicker to build on a large document than the library's per-character loop, and smaller.
import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';

const LF = 10;
const CR = 13;

export class LineTableDocument implements TextDocument {
  /** Offsets where each line starts (the first is 0); built on first use, kept up to date by incremental edits. */
  private starts: Uint32Array | undefined;

  private constructor(readonly uri: string, readonly languageId: string, private currentVersion: number, private content: string) {}

  /** For TextDocuments: `new TextDocuments(LineTableDocument)`. */
  static create(uri: string, languageId: string, version: number, content: string): LineTableDocument {
    return new LineTableDocument(uri, languageId, version, content);
  }

  static update(document: LineTableDocument, changes: TextDocumentContentChangeEvent[], version: number): LineTableDocument {
    for (const change of changes) {
      if ('range' in change) document.replace(change.range, change.text);
      else {
        document.content = change.text;
        document.starts = undefined;
      }
    }
    document.currentVersion = version;
    return document;
  }

  get version(): number {
    return this.currentVersion;
  }

  get lineCount(): number {
    return this.lines().length;
  }

  getText(range?: Range): string {
    return range ? this.content.substring(this.offsetAt(range.start), this.offsetAt(range.end)) : this.content;
  }

  positionAt(offset: number): Position {
    const at = Math.max(0, Math.min(offset, this.content.length));
    const starts = this.lines();
    const line = lineOf(starts, at);
    return { line, character: this.beforeEol(at, starts[line]) - starts[line] };
  }

  offsetAt(position: Position): number {
    const starts = this.lines();
    if (position.line >= starts.length) return this.content.length;
    if (position.line < 0) return 0;
    const start = starts[position.line];
    if (position.character <= 0) return start;
    const next = position.line + 1 < starts.length ? starts[position.line + 1] : this.content.length;
    return this.beforeEol(Math.min(start + position.character, next), start);
  }

  getLineRange(line: number): Range {
    const starts = this.lines();
    if (line >= starts.length) {
      const last = starts.length - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.content.length - starts[last] } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const next = line + 1 < starts.length ? starts[line + 1] : this.content.length;
    return { start: { line, character: 0 }, end: { line, character: this.beforeEol(next, starts[line]) - starts[line] } };
  }

  getEOLCharacters(line: number): string {
    const starts = this.lines();
    if (line < 0 || line >= starts.length) return '';
    const next = line + 1 < starts.length ? starts[line + 1] : this.content.length;
    return this.content.substring(this.beforeEol(next, starts[line]), next);
  }

  private lines(): Uint32Array {
    this.starts ??= lineStarts(this.content);
    return this.starts;
  }

  /** An offset inside a line break stands for the end of its line. */
  private beforeEol(offset: number, lineStart: number): number {
    let at = offset;
    while (at > lineStart && isEol(this.content.charCodeAt(at - 1))) at--;
    return at;
  }

  /**
   * Replaces a range and updates the table in place of rebuilding it: line starts before the edit stay, those after
   * it move by the change in length, and only the edit's own text and its two ends (where a \r may meet a \n) are
   * looked at.
   */
  private replace(range: Range, text: string): void {
    const ordered = range.start.line > range.end.line || (range.start.line === range.end.line && range.start.character > range.end.character);
    const from = this.offsetAt(ordered ? range.end : range.start);
    const to = this.offsetAt(ordered ? range.start : range.end);
    const old = this.starts;
    this.content = this.content.substring(0, from) + text + this.content.substring(to);
    if (!old) return;
    const end = from + text.length;
    // Starts before `from` and after `to` depend on unchanged characters only; `from` and `end` are decided anew.
    const kept = lineOf(old, Math.max(from - 1, 0)) + 1;
    const inserted: number[] = [];
    if (from > 0 && this.startsLine(from)) inserted.push(from);
    for (let i = 0; i < text.length; i++) {
      const at = from + i + 1;
      const c = text.charCodeAt(i);
      if (at < end && (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF))) inserted.push(at);
    }
    if (end > from && this.startsLine(end)) inserted.push(end);
    const diff = text.length - (to - from);
    const tail = old.subarray(lineOf(old, to) + 1);
    const next = new Uint32Array(kept + inserted.length + tail.length);
    next.set(old.subarray(0, kept));
    next.set(inserted, kept);
    for (let i = 0, base = kept + inserted.length; i < tail.length; i++) next[base + i] = tail[i] + diff;
    this.starts = next;
  }

  /** Whether a line starts at `offset` (> 0) of the current text. */
  private startsLine(offset: number): boolean {
    const before = this.content.charCodeAt(offset - 1);
    return before === LF || (before === CR && this.content.charCodeAt(offset) !== LF);
  }
}

function isEol(c: number): boolean {
  return c === LF || c === CR;
}

/** The line holding `offset`: the last line start at or before it. */
function lineOf(starts: Uint32Array, offset: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (starts[mid] > offset) high = mid;
    else low = mid + 1;
  }
  return low - 1;
}

/** Line starts of a whole text; \n alone is found with indexOf (native), texts with \r take the careful loop. */
export function lineStarts(text: string): Uint32Array {
  if (text.indexOf('\r') < 0) {
    let count = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
    const starts = new Uint32Array(count);
    let n = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[n++] = i + 1;
    return starts;
  }
  const found = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) found.push(i + 1);
  }
  return Uint32Array.from(found);
}

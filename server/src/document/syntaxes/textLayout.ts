// How a text is laid out, as the writers read it to match it: line starts, a line's indentation, a column, the
// line break it uses, and re-indenting a block of lines moved to another depth.
import { lineOf, lineStarts } from '../lines';
import { contentStart } from './byteOrderMark';

/** Line starts of the text last asked about: one scan, then binary searches (a fix-all asks thousands of times). */
let indexed: { text: string; starts: number[] } | undefined;

/** Where the line holding `offset` starts: the first line's content starts after a byte order mark (columns count from there). */
export function lineStartOf(text: string, offset: number): number {
  if (indexed?.text !== text) indexed = { text, starts: lineStarts(text) };
  const start = indexed.starts[lineOf(indexed.starts, offset)];
  return start === 0 ? Math.min(contentStart(text), offset) : start;
}

/** The leading whitespace of the line holding `offset`. */
export function lineIndent(text: string, offset: number): string {
  const start = lineStartOf(text, offset);
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

/** The column of `offset` as spaces (YAML keys after `- ` sit deeper than the line's indentation). */
export function columnSpaces(text: string, offset: number): string {
  return ' '.repeat(offset - lineStartOf(text, offset));
}

/** Whether only whitespace precedes `offset` on its line. */
export function firstOnLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStartOf(text, offset), offset));
}

/** Searched in place, never copied: every fix to an object asks, and an object can be very large. */
export function spansLines(text: string, node: { start: number; end: number }): boolean {
  const nl = text.indexOf('\n', node.start);
  return nl >= 0 && nl < node.end;
}

/** Re-indents the lines after the first by replacing the `from` prefix with `to`. */
export function reindent(value: string, from: string, to: string): string {
  if (from === to || !value.includes('\n')) return value;
  return value.replace(/\n([ \t]*)/g, (_m, ws: string) => `\n${to}${ws.startsWith(from) ? ws.slice(from.length) : ws.slice(Math.min(ws.length, from.length))}`);
}

/** The line break the text uses. */
export function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The smallest indentation a line of the text has (a tab wins); undefined when no line is indented. */
export function smallestIndent(text: string): string | undefined {
  let best: string | undefined;
  for (const match of text.matchAll(/\n([ \t]+)(?=[^ \t\r\n])/g)) {
    const indent = match[1];
    if (indent.startsWith('\t')) return '\t';
    if (!best || indent.length < best.length) best = indent;
    if (best.length === 1) break;
  }
  return best;
}

/** Where a new line goes after a value ending at `end`: before its line's break (CR LF kept together), or the text's end. */
export function lineEndAfter(text: string, end: number): number {
  const nl = text.indexOf('\n', end);
  if (nl < 0) return text.length;
  return text.charAt(nl - 1) === '\r' ? nl - 1 : nl;
}

// An explicit nesting limit: the parsers and features walk trees recursively, so a document nested thousands of
// levels deep (junk, or an attack) would overflow the stack. Event documents nest a handful of levels; past
// MAX_NESTING the server reports one diagnostic and leaves the document alone.
import type { DocumentFormat } from '../document/model';

export const MAX_NESTING = 500;

export interface TooDeep {
  /** Offset of the bracket or line that went past the limit. */
  offset: number;
  limit: number;
}

export interface Nesting {
  /** The deepest nesting seen (at most limit + 1). */
  depth: number;
  tooDeep?: TooDeep;
}

/** How deep `text` nests, and where it first goes past `limit`; one linear scan, no parse. */
export function scanNesting(text: string, format: DocumentFormat, limit = MAX_NESTING): Nesting {
  const scan = format === 'yaml' ? yamlTooDeep(text, limit) : jsonTooDeep(text, format === 'ndjson', limit);
  return scan.offset === undefined ? { depth: scan.depth } : { depth: scan.depth, tooDeep: { offset: scan.offset, limit } };
}

/** Where `text` first nests deeper than `limit` levels, or undefined. */
export function findTooDeep(text: string, format: DocumentFormat, limit = MAX_NESTING): TooDeep | undefined {
  return scanNesting(text, format, limit).tooDeep;
}

/**
 * How far an edit can deepen a text at most: every inserted or deleted character adds at most one level (an
 * opening bracket, a removed closing one, a line indented further). Offsets where `before` and `after` differ are
 * found by comparing both ends in large slices (memory comparisons, much cheaper than a scan).
 */
export function changedCharacters(before: string, after: string): number {
  const n = Math.min(before.length, after.length);
  const CHUNK = 16384;
  let p = 0;
  while (p + CHUNK <= n && before.slice(p, p + CHUNK) === after.slice(p, p + CHUNK)) p += CHUNK;
  while (p < n && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  const room = n - p;
  while (s + CHUNK <= room && before.slice(before.length - s - CHUNK, before.length - s) === after.slice(after.length - s - CHUNK, after.length - s)) s += CHUNK;
  while (s < room && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  return before.length - p - s + (after.length - p - s);
}

interface Scan {
  depth: number;
  offset?: number;
}

function jsonTooDeep(text: string, perLine: boolean, limit: number): Scan {
  let max = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Strings end at their quote or, unterminated, at the end of the line (as the parsers read them).
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 92) i++;
        else if (s === 34 || s === 10) break;
      }
      if (perLine && text.charCodeAt(i) === 10) depth = 0;
    } else if (c === 123 || c === 91) {
      if (++depth > max) {
        max = depth;
        if (depth > limit) return { depth, offset: i };
      }
    } else if ((c === 125 || c === 93) && depth > 0) {
      depth--;
    } else if (c === 10 && perLine) {
      depth = 0;
    }
  }
  return { depth: max };
}

/** Block nesting (indentation levels, compact `- - -` items) plus flow nesting (`[`, `{` where a value starts). */
function yamlTooDeep(text: string, limit: number): Scan {
  let max = 0;
  const deeper = (depth: number): boolean => {
    if (depth > max) max = depth;
    return depth > limit;
  };
  const indents: number[] = [];
  let flow = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? text.length : nl;
    let i = lineStart;
    if (flow === 0) {
      while (i < lineEnd && text.charCodeAt(i) === 32) i++;
      const first = text.charCodeAt(i);
      const blank = i >= lineEnd || first === 35 /* # */ || first === 13;
      if (!blank) {
        if (text.startsWith('---', i) && i === lineStart) indents.length = 0;
        const indent = i - lineStart;
        while (indents.length > 0 && indents[indents.length - 1] >= indent) indents.pop();
        indents.push(indent);
        let dashes = 0;
        while (i < lineEnd && (text.charCodeAt(i) === 45 /* - */ || text.charCodeAt(i) === 63 /* ? */) && isBreak(text.charCodeAt(i + 1), i + 1, lineEnd)) {
          dashes++;
          i += 2;
          while (i < lineEnd && text.charCodeAt(i) === 32) i++;
        }
        if (deeper(indents.length + dashes)) return { depth: max, offset: i };
        i = flowStart(text, i, lineEnd);
        if (i < lineEnd) {
          flow = 1;
          if (deeper(indents.length + dashes + flow)) return { depth: max, offset: i };
          i++;
        }
      }
    }
    if (flow > 0) {
      const base = indents.length;
      for (; i < lineEnd && flow > 0; i++) {
        const c = text.charCodeAt(i);
        if (c === 34 || c === 39) i = skipQuoted(text, i, lineEnd);
        else if (c === 35 && (i === lineStart || isSpace(text.charCodeAt(i - 1)))) break;
        else if (c === 91 || c === 123) {
          if (deeper(base + ++flow)) return { depth: max, offset: i };
        } else if (c === 93 || c === 125) flow--;
      }
    }
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  return { depth: max };
}

/** Offset of a `[` or `{` that starts a flow collection as this line's value, or `end` when there is none. */
function flowStart(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  if (c === 91 || c === 123) return i;
  // A key: find its `: ` outside quotes, then look at the value.
  for (let j = i; j < end; j++) {
    const k = text.charCodeAt(j);
    if ((k === 34 || k === 39) && j === i) j = skipQuoted(text, j, end);
    else if (k === 35 && isSpace(text.charCodeAt(j - 1))) return end;
    else if (k === 58 /* : */ && isBreak(text.charCodeAt(j + 1), j + 1, end)) {
      let v = j + 1;
      while (v < end && isSpace(text.charCodeAt(v))) v++;
      const value = text.charCodeAt(v);
      return value === 91 || value === 123 ? v : end;
    }
  }
  return end;
}

function skipQuoted(text: string, i: number, end: number): number {
  const quote = text.charCodeAt(i);
  for (i++; i < end; i++) {
    const c = text.charCodeAt(i);
    if (quote === 34 && c === 92) i++;
    else if (c === quote) {
      if (quote === 39 && text.charCodeAt(i + 1) === 39) i++;
      else return i;
    }
  }
  return end;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

function isBreak(c: number, at: number, end: number): boolean {
  return at >= end || c === 32 || c === 9 || c === 13;
}

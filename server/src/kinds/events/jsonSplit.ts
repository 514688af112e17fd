// Finds the top-level elements of a JSON array with one cheap scan, so each event is parsed on its own.
import { Span, SyntaxProblem } from '../../document/model';
import { contentStart } from '../../document/syntaxes/byteOrderMark';

export interface JsonPieces {
  /** True when the document's root is an array whose elements are the events. */
  isArray: boolean;
  pieces: Span[];
  /** Problems of the array itself (missing comma or bracket, junk after it). */
  errors: SyntaxProblem[];
}

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/** Splits `text` into event pieces (at most `limit`); a document that is not an array is a single piece. */
export function splitJson(text: string, limit = Infinity): JsonPieces {
  const first = contentStart(text);
  let i = first;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 91 /* [ */) {
    return { isArray: false, pieces: [{ start: first, end: text.length }], errors: [] };
  }
  const pieces: Span[] = [];
  const errors: SyntaxProblem[] = [];
  let depth = 0;
  let start = -1;
  let lastEnd = -1;
  let expectComma = false;
  let closed = false;
  for (i = i + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Strings end at their quote or, when unterminated, at the end of the line.
      if (depth === 0 && start < 0) start = beginPiece(i);
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 92) i++;
        else if (s === 34 || s === 10) break;
      }
      lastEnd = i + 1;
      continue;
    }
    if (c === 47 /* / */ && (text.charCodeAt(i + 1) === 47 || text.charCodeAt(i + 1) === 42)) {
      i = skipComment(text, i);
      continue;
    }
    if (isSpace(c)) continue;
    if (depth === 0) {
      if (c === 44 /* , */) {
        if (start >= 0) pieces.push({ start, end: lastEnd });
        start = -1;
        expectComma = false;
        continue;
      }
      if (c === 93 /* ] */) {
        if (start >= 0) pieces.push({ start, end: lastEnd });
        start = -1;
        closed = true;
        i++;
        break;
      }
      if (start < 0) start = beginPiece(i);
    }
    if (c === 123 || c === 91) depth++;
    else if ((c === 125 || c === 93) && depth > 0) depth--;
    lastEnd = i + 1;
    if (depth === 0 && (c === 125 || c === 93)) {
      // A complete element: the next one must be preceded by a comma.
      pieces.push({ start, end: lastEnd });
      start = -1;
      expectComma = true;
      if (pieces.length >= limit) return { isArray: true, pieces, errors };
    }
  }
  if (start >= 0) pieces.push({ start, end: lastEnd });
  if (!closed) {
    errors.push({ start: text.length, end: text.length, message: "Closing bracket ']' expected" });
  } else {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (i < text.length) errors.push({ start: i, end: text.length, message: 'End of file expected' });
  }
  return { isArray: true, pieces, errors };

  function beginPiece(at: number): number {
    if (expectComma) errors.push({ start: at, end: at + 1, message: "Comma ',' expected" });
    expectComma = false;
    return at;
  }
}

function skipComment(text: string, i: number): number {
  if (text.charCodeAt(i + 1) === 47) {
    const nl = text.indexOf('\n', i);
    return nl < 0 ? text.length : nl;
  }
  const close = text.indexOf('*/', i + 2);
  return close < 0 ? text.length : close + 1;
}

// The keys of a JSON text's root object, read in one pass over the characters without building a tree: recognition
// asks what a file's top level names, and a megabyte of values below it need only be skipped. Tolerant like the
// parser: comments are skipped, and reading stops at the first thing that is not JSON (keys read so far stand).
import { contentStart } from '../byteOrderMark';

/** Calls `visit` with each root key in order, and whether its value is an object; stops when `visit` answers true. */
export function forEachRootKey(text: string, visit: (key: string, objectValue: boolean) => boolean | void): void {
  let at = skipSpace(text, contentStart(text));
  if (text.charCodeAt(at) !== OPEN_BRACE) return;
  at++;
  for (;;) {
    at = skipSpace(text, at);
    if (text.charCodeAt(at) !== QUOTE) return;
    const keyEnd = stringEnd(text, at);
    if (keyEnd < 0) return;
    const key = decodeKey(text.slice(at, keyEnd));
    at = skipSpace(text, keyEnd);
    if (text.charCodeAt(at) !== COLON) return;
    at = skipSpace(text, at + 1);
    const first = text.charCodeAt(at);
    if (visit(key, first === OPEN_BRACE) === true) return;
    at = valueEnd(text, at);
    if (at < 0) return;
    at = skipSpace(text, at);
    if (text.charCodeAt(at) !== COMMA) return;
    at++;
  }
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const SLASH = 0x2f;
const STAR = 0x2a;

/** After white space and comments. */
function skipSpace(text: string, at: number): number {
  for (;;) {
    const c = text.charCodeAt(at);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) at++;
    else if (c === SLASH && text.charCodeAt(at + 1) === SLASH) {
      const nl = text.indexOf('\n', at);
      at = nl < 0 ? text.length : nl + 1;
    } else if (c === SLASH && text.charCodeAt(at + 1) === STAR) {
      const close = text.indexOf('*/', at + 2);
      at = close < 0 ? text.length : close + 2;
    } else return at;
  }
}

/** A run of a string's characters that neither end it nor escape: skipped by the regexp engine, not char by char. */
const STRING_PLAIN = /[^"\\\n]*/y;

/** The offset after a string that starts at `at` (its opening quote), or -1 when it is not closed. */
function stringEnd(text: string, at: number): number {
  let i = at + 1;
  for (;;) {
    STRING_PLAIN.lastIndex = i;
    STRING_PLAIN.test(text);
    i = STRING_PLAIN.lastIndex;
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c !== BACKSLASH) return -1;
    i += 2;
  }
}

/** Inside a nested value only strings, brackets and comments matter: runs of anything else are skipped at once. */
const NESTED_PLAIN = /[^"{}[\]/]+/y;

/** The offset after the value that starts at `at`: nested objects and arrays skipped whole; -1 when it never ends. */
function valueEnd(text: string, at: number): number {
  let depth = 0;
  let i = at;
  while (i < text.length) {
    if (depth > 0) {
      NESTED_PLAIN.lastIndex = i;
      if (NESTED_PLAIN.test(text)) i = NESTED_PLAIN.lastIndex;
    }
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) return -1;
      if (depth === 0) return i;
      continue;
    }
    if (c === SLASH && (text.charCodeAt(i + 1) === SLASH || text.charCodeAt(i + 1) === STAR)) {
      i = skipSpace(text, i);
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) return i;
      depth--;
      if (depth === 0) return i + 1;
    } else if (depth === 0 && (c === COMMA || c === 0x0a || c === 0x0d)) return i;
    i++;
  }
  return depth === 0 ? i : -1;
}

/** A key token's value: its escapes decoded as JSON decodes them (a malformed escape is kept as written). */
function decodeKey(token: string): string {
  const inner = token.slice(1, -1);
  if (!inner.includes('\\')) return inner;
  try {
    return JSON.parse(token) as string;
  } catch {
    return inner;
  }
}

// What a Logstash grok pattern captures: `%{SYNTAX}` (the named pattern's own captures), `%{SYNTAX:SEMANTIC}` and
// `%{SYNTAX:SEMANTIC:TYPE}` (SEMANTIC is a field reference, `[source][ip]` or a bare name; TYPE `int` or `float`
// converts the text), and Oniguruma named groups `(?<SEMANTIC>...)`, whose name is a field reference too. A
// backslash escapes the next character; `(?<=` and `(?<!` are look-behinds, and nothing in a character class captures.
import type { Span } from '../../../document/model';
import { type FieldReference, parseFieldReference } from './fieldReference';

export interface GrokCapture {
  /** The named pattern (`IP`, `COMBINEDAPACHELOG`); undefined for a named group. */
  syntax: { name: string; span: Span } | undefined;
  /** The field it writes; undefined for `%{SYNTAX}`. */
  field: FieldReference | undefined;
  /** `:int` or `:float` (any other word is kept as written: Logstash leaves the text). */
  type: { name: string; span: Span } | undefined;
  /** The whole `%{...}` or `(?<...>`. */
  span: Span;
}

function isSyntaxChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** A character of a semantic: `@ [ ] _ . - :` and letters and digits (grok's own name class). */
function isSemanticChar(c: number): boolean {
  return isSyntaxChar(c) || c === 64 || c === 91 || c === 93 || c === 46 || c === 45 || c === 58;
}

/** Every capture of `text` (a pattern string's value; character i is the file's `base + i`), in order. */
export function grokCaptures(text: string, base: number): GrokCapture[] {
  const out: GrokCapture[] = [];
  let inClass = false;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) {
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === 93) inClass = false;
      i++;
      continue;
    }
    if (c === 91) {
      inClass = true;
      // `[]...]` and `[^]...]` hold a literal ] first.
      i += text.charCodeAt(i + 1) === 94 ? 2 : 1;
      if (text.charCodeAt(i) === 93) i++;
      continue;
    }
    if (c === 37 && text.charCodeAt(i + 1) === 123) {
      const capture = captureAt(text, i, base);
      if (capture) {
        out.push(capture);
        i = capture.span.end - base;
        continue;
      }
    }
    if (c === 40 && text.startsWith('(?<', i) && text.charCodeAt(i + 3) !== 61 && text.charCodeAt(i + 3) !== 33) {
      const close = text.indexOf('>', i + 3);
      if (close > i + 3) {
        out.push({ syntax: undefined, field: parseFieldReference(text, i + 3, close, base), type: undefined, span: { start: base + i, end: base + close + 1 } });
        i = close + 1;
        continue;
      }
    }
    i++;
  }
  return out;
}

function captureAt(text: string, at: number, base: number): GrokCapture | undefined {
  let i = at + 2;
  while (i < text.length && isSyntaxChar(text.charCodeAt(i))) i++;
  if (i === at + 2) return undefined;
  const syntax = { name: text.slice(at + 2, i), span: { start: base + at + 2, end: base + i } };
  let field: FieldReference | undefined;
  let type: GrokCapture['type'];
  if (text.charCodeAt(i) === 58 /* : */) {
    const from = i + 1;
    i = from;
    while (i < text.length && isSemanticChar(text.charCodeAt(i))) i++;
    const semantic = text.slice(from, i);
    // SEMANTIC:TYPE: the type after the last colon that is outside brackets.
    let split = -1;
    for (let k = semantic.length - 1, depth = 0; k >= 0; k--) {
      const d = semantic.charCodeAt(k);
      if (d === 93) depth++;
      else if (d === 91) depth--;
      else if (d === 58 && depth === 0) {
        split = k;
        break;
      }
    }
    const nameEnd = split < 0 ? i : from + split;
    field = parseFieldReference(text, from, nameEnd, base);
    if (split >= 0) type = { name: text.slice(nameEnd + 1, i), span: { start: base + nameEnd + 1, end: base + i } };
  }
  if (text.charCodeAt(i) === 61 /* = */) {
    while (i < text.length && text.charCodeAt(i) !== 125) i++;
  }
  if (text.charCodeAt(i) !== 125) return undefined;
  return { syntax, field, type, span: { start: base + at, end: base + i + 1 } };
}

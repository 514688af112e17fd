// A string token's decoded value with, for every decoded character, where it came from in the token's raw
// text: a name found inside the value maps back to the file's own characters through quotes, escapes,
// line folding and block indentation. Each decoder mirrors the parser that produces the value (jsonc-parser's
// scanner for JSON, the `yaml` library's resolve-flow-scalar and resolve-block-scalar for YAML), so the
// value always equals the node's; tests hold them to it.
import type { ScalarStyle, Span } from '../model';

export type StringSyntax = 'json' | 'yaml';

export interface DecodedString {
  /** The value, exactly as the project's parsers produce it for this token. */
  value: string;
  /**
   * offsets[i]: raw offset where decoded character i's source starts; offsets[value.length]: raw offset just
   * after the last character's source (at the closing quote of a closed quoted token). Non-decreasing.
   */
  offsets: Int32Array;
  /** ends[i]: raw offset just after character i's source (before any indentation or folding the raw text elides next). */
  ends: Int32Array;
}

/**
 * Collects decoded characters with their raw ranges; `lastEnd` is where the previous character's source ended.
 * Without `offsets` it collects the value alone (the fast parser's need: no arrays to fill and collect).
 */
class Collector {
  private value = '';
  private starts: Int32Array;
  private stops: Int32Array;
  private length = 0;
  lastEnd: number;

  /** `capacity`: the characters the value may reach, when known (no table grown and copied on the way: a pipeline decodes hundreds of scripts). */
  constructor(contentStart: number, private readonly offsets = true, capacity = 64) {
    this.lastEnd = contentStart;
    if (!offsets) this.starts = this.stops = new Int32Array(0);
    else {
      this.starts = new Int32Array(capacity);
      this.stops = new Int32Array(capacity);
    }
  }

  /** The value collected so far. */
  get text(): string {
    return this.value;
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.starts.length) return;
    const size = Math.max(this.starts.length * 2, this.length + extra);
    const starts = new Int32Array(size);
    const stops = new Int32Array(size);
    starts.set(this.starts.subarray(0, this.length));
    stops.set(this.stops.subarray(0, this.length));
    this.starts = starts;
    this.stops = stops;
  }

  /** `text` (one or more code units) whose source is raw[start, end). */
  emit(text: string, start: number, end: number): void {
    if (text === '') return;
    this.value += text;
    this.lastEnd = end;
    if (!this.offsets) return;
    this.reserve(text.length);
    this.starts.fill(start, this.length, this.length + text.length);
    this.stops.fill(end, this.length, this.length + text.length);
    this.length += text.length;
    this.lastEnd = end;
  }

  /** Raw characters copied as they are, each its own source. */
  copy(raw: string, from: number, to: number): void {
    if (to <= from) return;
    this.value += raw.slice(from, to);
    this.lastEnd = to;
    if (!this.offsets) return;
    this.reserve(to - from);
    for (let i = from; i < to; i++) {
      this.starts[this.length] = i;
      this.stops[this.length++] = i + 1;
    }
    this.lastEnd = to;
  }

  /** Characters the decoding makes up (folds, separators): their source is the elided run up to `nextStart`. */
  synthetic(text: string, nextStart: number): void {
    this.emit(text, this.lastEnd, Math.max(this.lastEnd, nextStart));
  }

  endsWithNewline(): boolean {
    return this.value.endsWith('\n');
  }

  /** The result; `end` is the raw offset where the content ends (the closing quote, or the token's end). */
  finish(end: number): DecodedString {
    const value = this.value;
    const n = this.length;
    const offsets = new Int32Array(n + 1);
    offsets.set(this.starts.subarray(0, n));
    offsets[n] = Math.max(end, n > 0 ? this.stops[n - 1] : end);
    return { value, offsets, ends: this.stops.slice(0, n) };
  }
}

/**
 * Decodes a string token given its raw text as it appears in the file (quotes and block header included).
 * `blockIndent` is the indentation of the collection holding a block scalar (the key's column for a mapping
 * value, the `-` column for a sequence item: the `yaml` CST's `indent`); only a header with an explicit
 * indentation indicator (`|2`) needs it. Undefined when the token cannot be decoded as asked: JSON with a style
 * other than 'double', raw text that does not open as its style says, or `|2` without `blockIndent`.
 */
export function decodeWithOffsets(raw: string, style: ScalarStyle, syntax: StringSyntax, blockIndent?: number): DecodedString | undefined {
  if (syntax === 'json') return style === 'double' && raw.charCodeAt(0) === 34 ? decodeJson(raw) : undefined;
  switch (style) {
    case 'plain':
      return unfoldLines(raw, 0, raw.length).finish(raw.length);
    case 'single':
      return raw.charCodeAt(0) === 39 ? decodeYamlSingle(raw) : undefined;
    case 'double':
      return raw.charCodeAt(0) === 34 ? decodeYamlDouble(raw) : undefined;
    case 'block':
      return decodeBlock(raw, blockIndent);
  }
}

/**
 * A string whose value is its raw text from `from` on, character for character (a closed JSON string without escapes:
 * most of a pipeline's strings): its offsets are arithmetic, no tables are built.
 */
export interface PlainString {
  value: string;
  /** Raw offset of the value's first character (1: after the opening quote). */
  from: number;
}

/** A string token's value and the way back to its raw characters, with tables only where the decoding needs them. */
export type StringSource = DecodedString | PlainString;

/**
 * `decodeWithOffsets`, except that a closed JSON string without escapes or line breaks is a PlainString: a large
 * pipeline holds tens of thousands of strings, and only a decoding that moves characters needs offset tables.
 */
export function decodeString(raw: string, style: ScalarStyle, syntax: StringSyntax, blockIndent?: number): StringSource | undefined {
  const last = raw.length - 1;
  if (syntax === 'json' && style === 'double' && last >= 1 && raw.charCodeAt(0) === 34 && raw.charCodeAt(last) === 34
    && raw.indexOf('"', 1) === last && raw.indexOf('\\') < 0 && raw.indexOf('\n') < 0 && raw.indexOf('\r') < 0) {
    return { value: raw.slice(1, last), from: 1 };
  }
  return decodeWithOffsets(raw, style, syntax, blockIndent);
}

/**
 * The value alone of a YAML flow scalar token (what `decodeWithOffsets(raw, style, 'yaml').value` gives, without
 * the offsets): for the fast parser, which decodes every multi-line scalar of a file.
 */
export function decodeYamlFlowValue(raw: string, style: 'plain' | 'single' | 'double'): string {
  if (style === 'plain') return unfoldLines(raw, 0, raw.length, new Collector(0, false)).text;
  if (style === 'single') return unfoldLines(raw, 1, Math.max(1, raw.length - 1), new Collector(1, false)).text.replace(/''/g, "'");
  return unescapeYamlDouble(raw, new Collector(1, false)).text;
}

/** A span of decoded offsets as a span of the file: `base` is the file offset of raw[0]. Offsets past the value clamp to its ends. */
export function mapSpan(decoded: StringSource, span: Span, base: number): Span {
  return mapRange(decoded, span.start, span.end, base);
}

/** `mapSpan` of the decoded offsets [start, end), without a span to hold them (a pipeline maps tens of thousands). */
export function mapRange(decoded: StringSource, from: number, to: number, base: number): Span {
  const last = decoded.value.length;
  const s = Math.min(Math.max(from, 0), last);
  const e = Math.min(Math.max(to, s), last);
  if ('from' in decoded) return { start: base + decoded.from + s, end: base + decoded.from + e };
  const start = decoded.offsets[s];
  return { start: base + start, end: base + (e > s ? decoded.ends[e - 1] : start) };
}

/**
 * The decoded offset for a raw offset (a caret): the first character whose source starts at or after it, so a
 * caret inside an escape or elided indentation lands after it; the value's length past the last character.
 */
export function decodedOffsetAt(decoded: StringSource, rawOffset: number): number {
  if ('from' in decoded) return Math.min(Math.max(rawOffset - decoded.from, 0), decoded.value.length);
  const { offsets } = decoded;
  let lo = 0;
  let hi = decoded.value.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid] < rawOffset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---- JSON: jsonc-parser's scanString (JSON.parse for valid strings), tolerant of bad escapes and no closing quote ----

const jsonEscapes: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function decodeJson(raw: string): DecodedString {
  // Each character of the value comes from one or more of the raw text's: the value is shorter than the token.
  const out = new Collector(1, true, raw.length);
  let i = 1;
  let plainFrom = 1;
  for (; i < raw.length; ) {
    const c = raw.charCodeAt(i);
    if (c === 34 || c === 10 || c === 13) break;
    if (c !== 92) {
      i++;
      continue;
    }
    out.copy(raw, plainFrom, i);
    if (i + 1 >= raw.length) {
      i = raw.length;
      plainFrom = i;
      break;
    }
    const next = raw[i + 1];
    if (next === 'u') {
      let digits = 0;
      while (digits < 4 && isHex(raw.charCodeAt(i + 2 + digits))) digits++;
      // Fewer than four hex digits: the scanner drops what it read and goes on.
      if (digits === 4) out.emit(String.fromCharCode(parseInt(raw.slice(i + 2, i + 6), 16)), i, i + 6);
      i += 2 + digits;
    } else {
      const decoded = jsonEscapes[next];
      if (decoded !== undefined) out.emit(decoded, i, i + 2);
      i += 2;
    }
    plainFrom = i;
  }
  out.copy(raw, plainFrom, i);
  return out.finish(i);
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

// ---- YAML flow scalars: plain and single-quoted (line folding), double-quoted (escapes and folding) ----

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/** The `yaml` library's unfoldLines over raw[from, to): each line break folds to a space, blank lines to newlines. */
function unfoldLines(raw: string, from: number, to: number, out = new Collector(from)): Collector {
  const firstBreak = raw.indexOf('\n', from);
  if (firstBreak < 0 || firstBreak >= to) {
    out.copy(raw, from, to);
    return out;
  }
  // A line is [start, contentEnd) with its break (`\r?\n`) after it.
  const lineEnd = (nl: number, start: number): number => (nl > start && raw.charCodeAt(nl - 1) === 13 ? nl - 1 : nl);
  let end = lineEnd(firstBreak, from);
  while (end > from && isBlank(raw.charCodeAt(end - 1))) end--;
  out.copy(raw, from, end);
  let sep = ' ';
  let pos = firstBreak + 1;
  for (;;) {
    const nl = raw.indexOf('\n', pos);
    if (nl < 0 || nl >= to) break;
    let s = pos;
    let e = lineEnd(nl, pos);
    while (s < e && isBlank(raw.charCodeAt(s))) s++;
    while (e > s && isBlank(raw.charCodeAt(e - 1))) e--;
    if (s === e) {
      if (sep === '\n') out.synthetic('\n', nl);
      else sep = '\n';
    } else {
      out.synthetic(sep, s);
      out.copy(raw, s, e);
      sep = ' ';
    }
    pos = nl + 1;
  }
  let s = pos;
  while (s < to && isBlank(raw.charCodeAt(s))) s++;
  out.synthetic(sep, s);
  out.copy(raw, s, to);
  return out;
}

function decodeYamlSingle(raw: string): DecodedString {
  // Like the library: the last character is taken as the closing quote even when it is not one.
  const to = Math.max(1, raw.length - 1);
  const unfolded = unfoldLines(raw, 1, to).finish(to);
  return mergeQuotePairs(unfolded);
}

/** `''` is one `'` (after unfolding, as the library does): the pair becomes one character spanning both. */
function mergeQuotePairs(d: DecodedString): DecodedString {
  if (!d.value.includes("''")) return d;
  const out = new Collector(d.offsets[0]);
  const v = d.value;
  for (let i = 0; i < v.length; i++) {
    if (v[i] === "'" && v[i + 1] === "'") {
      out.emit("'", d.offsets[i], d.ends[i + 1]);
      i++;
    } else {
      out.emit(v[i], d.offsets[i], d.ends[i]);
    }
  }
  return out.finish(d.offsets[v.length]);
}

const yamlEscapes: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', N: '\u0085', _: '\u00a0',
  L: '\u2028', P: '\u2029', ' ': ' ', '"': '"', '/': '/', '\\': '\\', '\t': '\t',
};

function decodeYamlDouble(raw: string): DecodedString {
  const last = raw.length - 1;
  const closed = raw.length > 1 && raw.charCodeAt(last) === 34;
  return unescapeYamlDouble(raw, new Collector(1)).finish(closed ? last : Math.max(1, last));
}

/** The characters the double-quoted decoder treats apart: `\\`, line breaks, blanks. */
function isSpecialInDouble(c: number): boolean {
  return c === 92 || c === 10 || c === 13 || c === 32 || c === 9;
}

/** The library's doubleQuotedValue: escapes, line folding, trailing blanks of a line dropped. */
function unescapeYamlDouble(raw: string, out: Collector): Collector {
  const last = raw.length - 1;
  for (let i = 1; i < last; ++i) {
    const ch = raw[i];
    if (ch === '\r' && raw[i + 1] === '\n') continue;
    if (ch === '\n') {
      // Fold: one break is a space, each further (blank) line a newline; the next line's indentation goes.
      let fold = '';
      let at = i;
      let next = raw[at + 1];
      while (next === ' ' || next === '\t' || next === '\n' || next === '\r') {
        if (next === '\r' && raw[at + 2] !== '\n') break;
        if (next === '\n') fold += '\n';
        at++;
        next = raw[at + 1];
      }
      out.synthetic(fold || ' ', at + 1);
      i = at;
    } else if (ch === '\\') {
      const start = i;
      let next = raw[++i];
      const code = yamlEscapes[next];
      if (code !== undefined) {
        out.emit(code, start, i + 1);
      } else if (next === '\n' || (next === '\r' && raw[i + 1] === '\n')) {
        // An escaped line break joins the lines without a space; the next line's indentation still goes.
        if (next === '\r') i++;
        next = raw[i + 1];
        while (next === ' ' || next === '\t') next = raw[++i + 1];
        out.lastEnd = i + 1;
      } else if (next === 'x' || next === 'u' || next === 'U') {
        const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
        const hex = raw.substr(i + 1, length);
        const code = hex.length === length && /^[0-9a-fA-F]+$/.test(hex) ? parseInt(hex, 16) : NaN;
        const decoded = code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
        if (decoded !== undefined) out.emit(decoded, start, Math.min(i + 1 + length, raw.length));
        else out.copy(raw, start, Math.min(start + length + 2, raw.length));
        i += length;
      } else {
        out.copy(raw, start, Math.min(start + 2, raw.length));
      }
    } else if (ch === ' ' || ch === '\t') {
      // Trailing blanks of a line go with its break; others stay.
      const wsStart = i;
      let next = raw[i + 1];
      while (next === ' ' || next === '\t') next = raw[++i + 1];
      if (next !== '\n' && !(next === '\r' && raw[i + 2] === '\n')) out.copy(raw, wsStart, i + 1);
    } else {
      // A run of ordinary characters is copied at once.
      let to = i + 1;
      while (to < last && !isSpecialInDouble(raw.charCodeAt(to))) to++;
      out.copy(raw, i, to);
      i = to - 1;
    }
  }
  return out;
}

// ---- YAML block scalars: `|` literal, `>` folded, chomping `-`/`+`, indentation indicator ----

interface BlockLine {
  /** Raw offset of the line's first character. */
  start: number;
  /** Leading spaces. */
  indent: number;
  /** Offset where the content (after the indentation) ends, a trailing `\r` included, as the library keeps it. */
  end: number;
}

function decodeBlock(raw: string, blockIndent: number | undefined): DecodedString | undefined {
  const mode = raw[0];
  if (mode !== '|' && mode !== '>') return undefined;
  let indicator = 0;
  let chomp = '';
  let h = 1;
  for (; h < raw.length; h++) {
    const ch = raw[h];
    if (ch === ' ' || ch === '\t' || ch === '#' || ch === '\n' || ch === '\r') break;
    if (!chomp && (ch === '-' || ch === '+')) chomp = ch;
    else if (!indicator && Number(ch)) indicator = Number(ch);
  }
  if (indicator && blockIndent === undefined) return undefined;
  const newline = raw.indexOf('\n', h);
  const sourceStart = newline < 0 ? raw.length : newline + 1;
  const out = new Collector(sourceStart);
  const lines: BlockLine[] = [];
  if (sourceStart < raw.length) {
    for (let at = sourceStart; ; ) {
      let indent = 0;
      while (raw.charCodeAt(at + indent) === 32) indent++;
      const nl = raw.indexOf('\n', at);
      const end = nl < 0 ? raw.length : nl;
      lines.push({ start: at, indent, end });
      if (nl < 0) break;
      at = nl + 1;
    }
  }
  const isEmpty = (l: BlockLine): boolean => l.start + l.indent === l.end || (l.start + l.indent === l.end - 1 && raw.charCodeAt(l.end - 1) === 13);
  let chompStart = lines.length;
  for (let i = lines.length - 1; i >= 0 && isEmpty(lines[i]); --i) chompStart = i;
  const rawEnd = raw.length;
  if (chompStart === 0) {
    const value = chomp === '+' && lines.length > 0 ? '\n'.repeat(Math.max(1, lines.length - 1)) : '';
    out.synthetic(value, rawEnd);
    return out.finish(rawEnd);
  }
  let trimIndent = (blockIndent ?? 0) + indicator;
  let contentStart = 0;
  for (let i = 0; i < chompStart; ++i) {
    const line = lines[i];
    if (isEmpty(line)) {
      if (indicator === 0 && line.indent > trimIndent) trimIndent = line.indent;
    } else {
      if (indicator === 0) trimIndent = line.indent;
      contentStart = i;
      break;
    }
  }
  for (let i = lines.length - 1; i >= chompStart; --i) {
    if (lines[i].indent > trimIndent) chompStart = i + 1;
  }
  // Leading blank lines keep their spaces beyond the content indentation.
  for (let i = 0; i < contentStart; ++i) {
    const line = lines[i];
    out.copy(raw, line.start + Math.min(trimIndent, line.indent), line.start + line.indent);
    out.copy(raw, line.end, line.end + 1);
  }
  let sep = '';
  let prevMoreIndented = false;
  for (let i = contentStart; i < chompStart; ++i) {
    const line = lines[i];
    const contentEnd = line.end > line.start && raw.charCodeAt(line.end - 1) === 13 ? line.end - 1 : line.end;
    const textStart = line.start + line.indent;
    const hasContent = textStart < contentEnd;
    // Lines less indented than the content keep no indentation (the library reports them as errors).
    const keptFrom = hasContent && line.indent < trimIndent ? textStart : line.start + Math.min(trimIndent, line.indent);
    if (mode === '|') {
      if (sep) out.synthetic(sep, keptFrom);
      out.copy(raw, keptFrom, contentEnd);
      sep = '\n';
    } else if (line.indent > trimIndent || raw[textStart] === '\t') {
      if (sep === ' ') sep = '\n';
      else if (!prevMoreIndented && sep === '\n') sep = '\n\n';
      if (sep) out.synthetic(sep, keptFrom);
      out.copy(raw, keptFrom, contentEnd);
      sep = '\n';
      prevMoreIndented = true;
    } else if (!hasContent) {
      if (sep === '\n') out.synthetic('\n', line.end);
      else sep = '\n';
    } else {
      if (sep) out.synthetic(sep, textStart);
      out.copy(raw, textStart, contentEnd);
      sep = ' ';
      prevMoreIndented = false;
    }
  }
  if (chomp === '+') {
    for (let i = chompStart; i < lines.length; ++i) {
      const line = lines[i];
      out.synthetic('\n', line.start);
      out.copy(raw, line.start + Math.min(trimIndent, line.indent), line.start + line.indent);
    }
    if (!out.endsWithNewline()) out.synthetic('\n', rawEnd);
  } else if (chomp !== '-') {
    out.synthetic('\n', Math.min(rawEnd, lines[chompStart - 1].end + 1));
  }
  return out.finish(rawEnd);
}

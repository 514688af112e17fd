// Grok patterns (Elasticsearch's grok processor): captures `%{SYNTAX:name}`, `%{SYNTAX:name:type}` and
// Oniguruma named groups `(?<source.ip>...)`. The grammar is Elasticsearch's own (libs/grok Grok.java):
// SYNTAX is [A-Za-z0-9_]+, the capture name [alnum @ [ ] _ : . -]+, then an optional `=definition`. The name
// is set with dot notation as written: Logstash's bracket form `%{IP:[source][ip]}` is accepted but writes a
// key named `[source][ip]` (Elasticsearch's own ECS patterns use `source.ip`), so it is returned as that name.
import type { Span } from '../model';
import { dottedRef } from './dottedName';
import type { EmbeddedRef, NameSite } from './types';

/** One `%{...}` of a pattern: the SYNTAX it uses and the capture name, if any. */
interface Capture {
  syntax: Span;
  /** The capture name part after the first `:` (name and type), if any. */
  name?: Span;
  /** Offset after the closing `}`. */
  end: number;
}

function isSyntaxChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** A character of a capture's field name: [alnum @ [ ] _ . -] (the type separator `:` apart). */
function isFieldChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (isSyntaxChar(c) || c === 64 || c === 91 || c === 93 || c === 46 || c === 45) return true;
  return c > 127 && /[\p{L}\p{N}]/u.test(text[i]);
}

/** Whether text[i] is escaped by an odd run of backslashes before it. */
function isEscaped(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && text.charCodeAt(k) === 92) k--;
  return (i - 1 - k) % 2 === 1;
}

/** The `%{...}` at `at` (on its `%`), or undefined when the text there is not one (Elasticsearch leaves it to the regex). */
function captureAt(text: string, at: number): Capture | undefined {
  let i = at + 2;
  while (i < text.length && isSyntaxChar(text.charCodeAt(i))) i++;
  if (i === at + 2) return undefined;
  const syntax = { start: at + 2, end: i };
  let name: Span | undefined;
  if (text.charCodeAt(i) === 58) {
    const from = ++i;
    while (i < text.length && (isFieldChar(text, i) || text.charCodeAt(i) === 58)) i++;
    if (i === from) return undefined;
    name = { start: from, end: i };
  }
  if (text.charCodeAt(i) === 61) {
    i++;
    while (i < text.length && text.charCodeAt(i) !== 123 && text.charCodeAt(i) !== 125) i++;
  }
  if (text.charCodeAt(i) !== 125) return undefined;
  return { syntax, name, end: i + 1 };
}

/** The reference a capture name (`source.ip`, `source.ip:long`) at text[start, end) stands for. */
function captureRef(text: string, start: number, end: number): EmbeddedRef | undefined {
  const colon = text.indexOf(':', start);
  const nameEnd = colon >= 0 && colon < end ? colon : end;
  if (nameEnd === start) return undefined;
  const ref = dottedRef(text, start, nameEnd, 'write');
  if (nameEnd < end) ref.captureType = text.slice(nameEnd + 1, end);
  return ref;
}

/** What a walk over a pattern gives each capture and named group to. */
interface PatternSink {
  capture(capture: Capture): void;
  group(start: number, end: number): void;
}

/** Walks a pattern once: `%{...}` captures and, outside character classes, named groups; escapes skip a character. */
function walk(text: string, sink: PatternSink): void {
  let inClass = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === 92) {
      i += 2;
    } else if (c === 37 && text.charCodeAt(i + 1) === 123) {
      const capture = captureAt(text, i);
      if (capture) sink.capture(capture);
      i = capture ? capture.end : i + 2;
    } else if (c === 91) {
      inClass++;
      i++;
      if (text.charCodeAt(i) === 94) i++;
      // A `]` right after the opening bracket is a literal.
      if (text.charCodeAt(i) === 93) i++;
    } else if (c === 93 && inClass > 0) {
      inClass--;
      i++;
    } else if (c === 40 && inClass === 0 && text.charCodeAt(i + 1) === 63 && text.charCodeAt(i + 2) === 60 && text.charCodeAt(i + 3) !== 61 && text.charCodeAt(i + 3) !== 33) {
      // `(?<` (character codes, no startsWith: this loop is compiled for every pattern a pipeline holds) not opening a lookbehind.
      let j = i + 3;
      while (j < text.length && (isFieldChar(text, j) || text.charCodeAt(j) === 58)) j++;
      if (j > i + 3 && text.charCodeAt(j) === 62) sink.group(i + 3, j);
      i = j;
    } else {
      i++;
    }
  }
}

/** Every field a grok pattern writes: captures with a name and named groups (`(?<x:name:type>` as a capture). */
export function grokRefs(text: string): EmbeddedRef[] {
  const sink = new RefsOfPattern(text);
  walk(text, sink);
  return sink.refs;
}

/**
 * The references of one pattern, as a walk meets them. Methods of one object, not closures made per pattern: the
 * server's bundle names every closure (esbuild's keepNames, a property defined on each), and a pipeline has thousands.
 */
class RefsOfPattern implements PatternSink {
  readonly refs: EmbeddedRef[] = [];

  constructor(private readonly text: string) {}

  capture(capture: Capture): void {
    if (capture.name) this.add(captureRef(this.text, capture.name.start, capture.name.end));
  }

  group(start: number, end: number): void {
    // Elasticsearch reads a group named `SYNTAX:name[:type]` as a capture, and a plain name as the field.
    const colon = this.text.indexOf(':', start);
    this.add(colon >= 0 && colon < end ? captureRef(this.text, colon + 1, end) : captureRef(this.text, start, end));
  }

  private add(ref: EmbeddedRef | undefined): void {
    if (ref) this.refs.push(ref);
  }
}

/** The pattern names a grok pattern uses (`%{IP}`, `%{IP:source.ip}` -> IP), to follow `pattern_definitions`. */
export function grokSyntaxNames(text: string): Array<{ name: string; span: Span }> {
  const names: Array<{ name: string; span: Span }> = [];
  walk(text, {
    capture: (capture) => names.push({ name: text.slice(capture.syntax.start, capture.syntax.end), span: capture.syntax }),
    group: () => undefined,
  });
  return names;
}

/** A caret in a capture name (`%{IP:sou|`, `(?<sou|`): the name around it and what is typed before it. */
export function grokSiteAt(text: string, offset: number): NameSite | undefined {
  if (offset < 0 || offset > text.length) return undefined;
  let start = offset;
  while (start > 0 && isFieldChar(text, start - 1)) start--;
  let end = offset;
  while (end < text.length && isFieldChar(text, end)) end++;
  const site: NameSite = { replace: { start, end }, typed: text.slice(start, offset), access: 'write' };
  if (start >= 3 && text.startsWith('(?<', start - 3) && !isEscaped(text, start - 3)) return site;
  if (text.charCodeAt(start - 1) !== 58) return undefined;
  let syntax = start - 1;
  while (syntax > 0 && isSyntaxChar(text.charCodeAt(syntax - 1))) syntax--;
  if (syntax === start - 1 || syntax < 2 || !text.startsWith('%{', syntax - 2) || isEscaped(text, syntax - 2)) return undefined;
  return site;
}

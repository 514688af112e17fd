// Template text around YAML: Beats module `config/*.yml` files are Go templates (`{{ if .x }}`, `{{ range }}`,
// `{{ .tags | tojson }}`), integration packages' `agent/*/*.yml.hbs` files Handlebars (`{{#if}}`, `{{else}}`, `{{/if}}`,
// `{{! comment}}`, `{{var}}`, `{{{var}}}`). Masking keeps every offset and line: a directive (a block's open, else and
// close, a comment) becomes spaces, a line holding only template tags becomes blank (it renders to YAML of its own, as
// `{{processors}}` does), and an expression inside a line becomes a plain word of its length, so the YAML between the
// tags is read, both branches of a conditional included. The spans of the tags are kept: a value written by a
// template is never checked.
import type { Span } from '../../document/model';

export interface MaskedText {
  /** The text with every template tag masked; the same length and lines. The text itself when it holds no tag. */
  text: string;
  /** Where each tag stood, in order. */
  tags: Span[];
}

const OPEN = '{{';

/** Go template actions that open, continue or close a block, or say nothing (comments, definitions). */
const GO_DIRECTIVE = /^(?:if|else|end|range|with|define|block|template|break|continue)\b|^\/\*/;

/** Handlebars tags that open, continue or close a block, or are comments and partials. */
function isDirective(body: string): boolean {
  const c = body.charAt(0);
  if (c === '#' || c === '/' || c === '^' || c === '!' || c === '>' || c === '*') return true;
  return GO_DIRECTIVE.test(body);
}

/** The text with its template tags masked (`MaskedText`); a text without `{{` is returned as it is, no copy. */
export function maskTemplates(text: string): MaskedText {
  let at = text.indexOf(OPEN);
  if (at < 0) return { text, tags: [] };
  const out: string[] = [];
  const tags: Span[] = [];
  let copied = 0;
  while (at >= 0) {
    const end = tagEnd(text, at);
    if (end < 0) break;
    // `{{-`/`{{~` trim markers and spaces before the tag's word.
    const body = text.slice(at, end).replace(/^\{\{\{?[-~]?\s*/, '');
    out.push(text.slice(copied, at), isDirective(body) ? blank(text, at, end, ' ') : blank(text, at, end, '_'));
    tags.push({ start: at, end });
    copied = end;
    at = text.indexOf(OPEN, end);
  }
  out.push(text.slice(copied));
  let masked = out.join('');
  masked = blankTagLines(masked, tags);
  return { text: masked, tags };
}

/** Where the tag opening at `at` ends (after its closing braces); -1 when it is not closed. */
function tagEnd(text: string, at: number): number {
  if (text.startsWith('{{!--', at)) {
    const close = text.indexOf('--}}', at + 5);
    return close < 0 ? -1 : close + 4;
  }
  if (text.startsWith('{{/*', at)) {
    const close = text.indexOf('*/', at + 4);
    const braces = close < 0 ? -1 : text.indexOf('}}', close + 2);
    return braces < 0 ? -1 : braces + 2;
  }
  const triple = text.startsWith('{{{', at);
  const close = text.indexOf(triple ? '}}}' : '}}', at + (triple ? 3 : 2));
  return close < 0 ? -1 : close + (triple ? 3 : 2);
}

/** text[start, end) as `fill` characters, its line breaks kept. */
function blank(text: string, start: number, end: number, fill: string): string {
  let out = '';
  let run = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      out += fill.repeat(run) + text.charAt(i);
      run = 0;
    } else {
      run++;
    }
  }
  return out + fill.repeat(run);
}

/** Lines whose only content is template tags become blank: what such a line renders to is YAML the file does not show. */
function blankTagLines(text: string, tags: readonly Span[]): string {
  const parts: string[] = [];
  let copied = 0;
  let i = 0;
  while (i < tags.length) {
    const lineStart = text.lastIndexOf('\n', tags[i].start - 1) + 1;
    let lineEnd = text.indexOf('\n', tags[i].start);
    if (lineEnd < 0) lineEnd = text.length;
    // Every tag on this line, and whether anything but white space stands between them.
    let only = text.slice(lineStart, tags[i].start).trim() === '';
    let last = i;
    while (last + 1 < tags.length && tags[last + 1].start < lineEnd) last++;
    // A tag may run past the line (a multi-line comment): the line is then judged up to the tag's end.
    if (tags[last].end > lineEnd) lineEnd = lineEndAfter(text, tags[last].end);
    for (let k = i; k < last && only; k++) only = text.slice(tags[k].end, tags[k + 1].start).trim() === '';
    if (only) only = text.slice(tags[last].end, lineEnd).replace(/\s+#.*$|^\s*#.*$/, '').trim() === '';
    if (only) {
      parts.push(text.slice(copied, lineStart), blank(text, lineStart, lineEnd, ' '));
      copied = lineEnd;
    }
    i = last + 1;
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}

function lineEndAfter(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl;
}

/** Whether [start, end) overlaps a tag (`tags` in order). */
export function touchesTag(tags: readonly Span[], start: number, end: number): boolean {
  let lo = 0;
  let hi = tags.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tags[mid].end <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < tags.length && tags[lo].start < end;
}

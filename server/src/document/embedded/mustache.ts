// Mustache templates (Elasticsearch's ingest templates): `{{a.b}}`, `{{{a.b}}}`, `{{& a.b}}`, sections
// `{{#a.b}}...{{/a.b}}` and `{{^a.b}}`, read with dot notation. Not field names: comments `{{! }}`, partials,
// `{{.}}`, delimiter changes (followed), tags with spaces inside (Fleet's `{{ IngestPipeline "name" }}`), and
// Elasticsearch's lambdas `{{#join}}`, `{{#toJson}}`, `{{#url}}`, whose content is read as usual (for join and
// toJson a bare name there is the field they render). Names inside a section are returned as written.
import { dottedRef } from './dottedName';
import type { EmbeddedRef, NameSite } from './types';

const LAMBDAS = new Set(['join', 'toJson', 'url']);

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** text[start, end) without surrounding blanks, as offsets. */
function trim(text: string, start: number, end: number): [number, number] {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return [start, end];
}

/** A field name: no blanks, quotes or braces inside, and not `.` (the current context). */
function isName(text: string, start: number, end: number): boolean {
  if (end <= start || (end - start === 1 && text.charCodeAt(start) === 46)) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === 34 || c === 39 || c === 123 || c === 125) return false;
  }
  return true;
}

/** Every field a template reads. */
export function mustacheRefs(text: string): EmbeddedRef[] {
  const refs: EmbeddedRef[] = [];
  let open = '{{';
  let close = '}}';
  // The end of a join or toJson section's opening tag, whose bare content names a field.
  let lambdaContent = -1;
  for (let i = 0; ; ) {
    const at = text.indexOf(open, i);
    if (at < 0) break;
    const triple = open === '{{' && text.charCodeAt(at + 2) === 123;
    const contentStart = at + open.length + (triple ? 1 : 0);
    const closing = triple ? '}}}' : close;
    const end = text.indexOf(closing, contentStart);
    // No closing delimiter after this tag means none after any later one either.
    if (end < 0) break;
    i = end + closing.length;
    let [s, e] = trim(text, contentStart, end);
    const sigil = triple ? '' : text[s];
    if (sigil === '!' || sigil === '>' || sigil === '<' || sigil === '$') continue;
    if (sigil === '=') {
      const delimiters = text.slice(s + 1, text.charCodeAt(e - 1) === 61 ? e - 1 : e).trim().split(/\s+/);
      if (delimiters.length === 2 && delimiters[0] && delimiters[1]) [open, close] = delimiters;
      continue;
    }
    if (sigil === '#' || sigil === '^' || sigil === '/' || sigil === '&') [s, e] = trim(text, s + 1, e);
    const word = text.slice(s, e);
    const lambda = (sigil === '#' || sigil === '^' || sigil === '/') && (LAMBDAS.has(word) || word.startsWith('join '));
    if (sigil === '/' && lambdaContent >= 0 && (word === 'toJson' || word === 'join' || word.startsWith('join '))) {
      const [cs, ce] = trim(text, lambdaContent, at);
      if (isName(text, cs, ce)) refs.push(dottedRef(text, cs, ce, 'read'));
    }
    lambdaContent = sigil === '#' && (word === 'toJson' || word === 'join' || word.startsWith('join ')) ? i : -1;
    if (lambda || !isName(text, s, e)) continue;
    refs.push(dottedRef(text, s, e, 'read'));
  }
  return refs;
}

/** A caret in a tag's name (`{{sou|`, `{{#event.ki|`): the name around it and what is typed before it. */
export function mustacheSiteAt(text: string, offset: number): NameSite | undefined {
  if (offset < 2 || offset > text.length) return undefined;
  const at = text.lastIndexOf('{{', offset - 2);
  if (at < 0) return undefined;
  let start = at + 2;
  if (text.charCodeAt(start) === 123 && start < offset) start++;
  while (start < offset && isSpace(text.charCodeAt(start))) start++;
  const sigil = text[start];
  if (start < offset && (sigil === '!' || sigil === '>' || sigil === '=' || sigil === '<' || sigil === '$')) return undefined;
  if (start < offset && (sigil === '#' || sigil === '^' || sigil === '/' || sigil === '&')) {
    start++;
    while (start < offset && isSpace(text.charCodeAt(start))) start++;
  }
  for (let i = start; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === 125 || c === 123 || c === 34 || c === 39) return undefined;
  }
  let end = offset;
  while (end < text.length && !isSpace(text.charCodeAt(end)) && text.charCodeAt(end) !== 125 && text.charCodeAt(end) !== 123) end++;
  return { replace: { start, end }, typed: text.slice(start, offset), access: 'read' };
}

// Dissect patterns (Elasticsearch's dissect processor): a key is everything between `%{` and the next `}`, with
// a leading modifier (`+` append, `+name/N` append in order, `?` named skip, `*` and `&` reference keys) and a
// trailing `->` (right padding). The processor sets each key with dot notation, so `%{source.ip}` is a path.
import { dottedRef } from './dottedName';
import type { EmbeddedRef, NameSite } from './types';

/** Where the field name of the key text[start, end) lies, or undefined when the key names no field. */
function keyName(text: string, start: number, end: number): { start: number; end: number } | undefined {
  let s = start;
  let e = end;
  if (text.startsWith('->', e - 2) && e - 2 >= s) e -= 2;
  const modifier = text[s];
  if (modifier === '?' || modifier === '*' || modifier === '&') return undefined;
  if (modifier === '+') {
    s++;
    // `+name/2`: the order after the last `/` is not part of the name.
    const slash = text.lastIndexOf('/', e - 1);
    if (slash >= s && /^[0-9]+$/.test(text.slice(slash + 1, e))) e = slash;
  }
  return e > s ? { start: s, end: e } : undefined;
}

/** Every field a dissect pattern writes (skip and reference keys name none). */
export function dissectRefs(text: string): EmbeddedRef[] {
  const refs: EmbeddedRef[] = [];
  for (let at = text.indexOf('%{'); at >= 0; at = text.indexOf('%{', at)) {
    const close = text.indexOf('}', at + 2);
    // No `}` after this one means none after any later `%{` either.
    if (close < 0) break;
    const name = keyName(text, at + 2, close);
    if (name) refs.push(dottedRef(text, name.start, name.end, 'write'));
    at = close + 1;
  }
  return refs;
}

function isNameEnd(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === 125 || c === 47 || c === 32 || c === 9 || c === 10 || c === 37 || text.startsWith('->', i);
}

/** A caret in a key that names a field (`%{sou|`, `%{+mess|`): the name around it and what is typed before it. */
export function dissectSiteAt(text: string, offset: number): NameSite | undefined {
  if (offset < 0 || offset > text.length) return undefined;
  // The key the caret is in: the nearest `%{` before it with no `}` in between.
  let open = -1;
  for (let i = offset - 1; i > 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 125) return undefined;
    if (c === 123 && text.charCodeAt(i - 1) === 37) {
      open = i + 1;
      break;
    }
  }
  if (open < 0) return undefined;
  let start = open;
  const modifier = text[start];
  if (modifier === '?' || modifier === '*' || modifier === '&') return undefined;
  if (modifier === '+') start++;
  if (offset < start) return undefined;
  for (let i = start; i < offset; i++) if (isNameEnd(text, i)) return undefined;
  let end = offset;
  while (end < text.length && !isNameEnd(text, end)) end++;
  return { replace: { start, end }, typed: text.slice(start, offset), access: 'write' };
}

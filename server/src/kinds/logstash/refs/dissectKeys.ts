// The keys of a Logstash dissect pattern: each `%{key}` is a field written (`%{[a][b]}` nests; a bare key with dots
// is one literal name), `%{+key}` appends to one, `%{?key}` is matched and dropped, `%{*key}` and `%{&key}` name a
// field by another part's text (written, but under a name the pattern does not give). `->` after a key (`%{a->}`)
// skips repeated delimiters; `/N` after an append key orders the appends.
import type { FieldReference } from './fieldReference';
import { parseFieldReference } from './fieldReference';

export interface DissectKey {
  /** The field written; undefined for a skipped or indirect key. */
  field: FieldReference | undefined;
  /** `+`: appends to a field written before. */
  append: boolean;
}

/** Every `%{...}` of a dissect pattern (a string's value; character i is the file's `base + i`), in order. */
export function dissectKeys(text: string, base: number): DissectKey[] {
  const out: DissectKey[] = [];
  for (let at = text.indexOf('%{'); at >= 0; at = text.indexOf('%{', at + 2)) {
    const close = text.indexOf('}', at + 2);
    if (close < 0) break;
    let from = at + 2;
    let to = close;
    const prefix = text.charAt(from);
    if (prefix === '?' || prefix === '*' || prefix === '&') {
      out.push({ field: undefined, append: false });
      at = close - 1;
      continue;
    }
    const append = prefix === '+';
    if (append) from++;
    if (text.startsWith('->', to - 2)) to -= 2;
    const slash = text.lastIndexOf('/', to - 1);
    if (append && slash >= from && /^\d+$/.test(text.slice(slash + 1, to))) to = slash;
    out.push({ field: parseFieldReference(text, from, to, base), append });
    at = close - 1;
  }
  return out;
}

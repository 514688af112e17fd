// The keys of a Beats dissect tokenizer (`%{key}`, `%{key|type}`, `%{+key/2}`, `%{key->}`, `%{?skip}`): each key
// that writes a field is a name under the processor's `target_prefix`. The modifiers and types are the table's
// (schema/beats/processors.yml, `dissect:`); a key whose modifier writes nothing, or writes a field the data names, is
// no reference.
import type { BeatsDissectSpec } from '../../catalog/beatsProcessors';
import type { Span } from '../../document/model';
import { mapRange } from '../../document/syntaxes/stringOffsets';
import { detailOf, OptionEntry, Prefix, ProcessorSite, ReadingBuilder } from './beatsReading';

/** One key of a tokenizer, in the decoded pattern: the name it writes and the type its value converts to. */
export interface DissectKey {
  /** The name's own characters (no modifier, suffix or type). */
  name: Span;
  type: string | undefined;
}

/** Every key of a tokenizer that writes a field named by its own text. */
export function dissectKeys(pattern: string, spec: BeatsDissectSpec): DissectKey[] {
  const out: DissectKey[] = [];
  for (let at = pattern.indexOf('%{'); at >= 0; at = pattern.indexOf('%{', at)) {
    const close = pattern.indexOf('}', at + 2);
    if (close < 0) break;
    const key = keyIn(pattern, at + 2, close, spec);
    if (key) out.push(key);
    at = close + 1;
  }
  return out;
}

/** The key between `start` and `end` (the braces' insides), or undefined when it writes no field of its own name. */
function keyIn(pattern: string, start: number, end: number, spec: BeatsDissectSpec): DissectKey | undefined {
  let s = start;
  let e = end;
  const prefix = spec.modifiers.find((m) => m.position === 'prefix' && pattern.startsWith(m.token, s));
  if (prefix) {
    if (prefix.writes !== 'key') return undefined;
    s += prefix.token.length;
  }
  let type: string | undefined;
  const bar = pattern.lastIndexOf('|', e - 1);
  if (bar >= s) {
    type = pattern.slice(bar + 1, e);
    e = bar;
  }
  if (pattern.startsWith('->', e - 2) && e - 2 >= s) e -= 2;
  // `+name/2`: the order after the last `/` is no part of the name.
  const slash = pattern.lastIndexOf('/', e - 1);
  if (slash >= s && /^[0-9]+$/.test(pattern.slice(slash + 1, e))) e = slash;
  return e > s ? { name: { start: s, end: e }, type } : undefined;
}

/** The fields a dissect processor's tokenizer writes, under its target prefix (undefined: they name no event field). */
export function readTokenizer(b: ReadingBuilder, site: ProcessorSite, entry: OptionEntry, prefix: Prefix | undefined): void {
  entry.prefix = prefix;
  const source = b.decoded(entry.value);
  if (!source || !prefix || entry.value === undefined) return;
  const base = entry.value.start;
  for (const key of dissectKeys(source.value, b.table.dissect)) {
    const names = [...prefix.names];
    const spans = [...prefix.spans];
    let at = key.name.start;
    for (const name of source.value.slice(key.name.start, key.name.end).split('.')) {
      names.push(name);
      spans.push(mapRange(source, at, at + name.length, base));
      at += name.length + 1;
    }
    const detail = detailOf(site.name, entry.path);
    detail.captureType = key.type;
    b.ref(names, spans, 'pattern', 'write', detail, prefix.names.length);
  }
}

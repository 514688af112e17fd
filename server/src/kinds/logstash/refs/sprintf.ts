// Logstash's sprintf references in a string (`%{[source][ip]}`, `%{host}`): a field reference between `%{` and the
// first `}`. `%{+YYYY.MM.dd}` and `%{+%s}` format the event's @timestamp (Joda patterns, epoch seconds) and
// `%{{yyyy-MM-dd}}` does with a Java time pattern: dates, not fields. `${VAR}` and `${VAR:default}` are environment
// references the config loader replaces, not sprintf.
import type { Span } from '../../../document/model';
import { type FieldReference, parseFieldReference } from './fieldReference';

export interface SprintfPart {
  /** `%` of `%{` (file offset). */
  start: number;
  /** After the closing `}` (file offset). */
  end: number;
  /** The field it reads; undefined for a date format. */
  ref: FieldReference | undefined;
}

/** Every closed `%{...}` of `text` (a string's value; its character i is the file's `base + i`), in order. */
export function sprintfParts(text: string, base: number): SprintfPart[] {
  const out: SprintfPart[] = [];
  for (let at = text.indexOf('%{'); at >= 0; at = text.indexOf('%{', at + 2)) {
    const inner = at + 2;
    if (text.charCodeAt(inner) === 123 /* { */) {
      const close = text.indexOf('}}', inner + 1);
      if (close < 0) break;
      out.push({ start: base + at, end: base + close + 2, ref: undefined });
      at = close;
      continue;
    }
    const close = text.indexOf('}', inner);
    if (close < 0) break;
    const ref = text.charCodeAt(inner) === 43 /* + */ ? undefined : parseFieldReference(text, inner, close, base);
    out.push({ start: base + at, end: base + close + 1, ref });
    at = close - 1;
  }
  return out;
}

/** Whether a string holds a sprintf reference (a `%{` Logstash replaces). */
export function hasSprintf(text: string): boolean {
  return text.includes('%{');
}

/** The open `%{` whose reference holds `offset` (a value offset), with where the reference's text starts; undefined elsewhere. */
export function sprintfSiteAt(text: string, offset: number): Span | undefined {
  const open = text.lastIndexOf('%{', offset - 2);
  if (open < 0) return undefined;
  const inner = open + 2;
  if (text.charCodeAt(inner) === 43 || text.charCodeAt(inner) === 123) return undefined;
  const close = text.indexOf('}', inner);
  if (close >= 0 && close < offset) return undefined;
  return { start: inner, end: close < 0 ? text.length : close };
}

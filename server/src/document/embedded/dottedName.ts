// A field name written in one piece with dots between segments (grok, dissect, mustache): `source.ip`.
import type { Span } from '../model';
import type { RefAccess } from '../fieldRefs';
import type { EmbeddedRef } from './types';

/** The reference for the dotted name text[start, end): one segment per dot-separated part, empty parts kept. */
export function dottedRef(text: string, start: number, end: number, access: RefAccess): EmbeddedRef {
  const path: string[] = [];
  const segments: Span[] = [];
  let from = start;
  for (let i = start; i <= end; i++) {
    if (i === end || text.charCodeAt(i) === 46) {
      path.push(text.slice(from, i));
      segments.push({ start: from, end: i });
      from = i + 1;
    }
  }
  return { path, segments, span: { start, end }, access };
}

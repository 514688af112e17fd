// url-part-mismatch: url.query, url.fragment or url.extension that disagrees with the URL they come from
// (url.full, url.original: a full URL or only a path), read with the WHATWG URL parser.
import { childPath, EventView } from '../../../document/fieldRefs';
import { stringAt } from '../eventValues';
import { isRecord, valueAt } from '../../../features/locate';
import { replacementFix } from '../replacementFix';
import type { Finding, Rule } from '../../../features/rule';
import { removeField } from '../setField';
import { placementsWritten } from '../setPlacements';
import { samePart, UrlParts, urlParts } from '../urlParts';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

export type UrlPart = 'query' | 'fragment' | 'extension';

const PARTS: ReadonlyArray<{ part: UrlPart; delimiter: string; what: string }> = [
  { part: 'query', delimiter: '?', what: 'query (no "?")' },
  { part: 'fragment', delimiter: '#', what: 'fragment (no "#")' },
  { part: 'extension', delimiter: '.', what: 'file extension' },
];

/** The URL fields a part is read from, the full URL first. */
const SOURCES = ['full', 'original'] as const;

/** What each URL of a placement (`url`, `threat.indicator.url`) says about a part; sources that do not tell are left out. */
export function observedPart(view: EventView, prefix: string, part: UrlPart): Array<{ source: string; value: string | undefined }> {
  const out: Array<{ source: string; value: string | undefined }> = [];
  for (const source of SOURCES) {
    const written = stringAt(view, childPath(prefix, source));
    const parts: UrlParts | undefined = written ? urlParts(written.value) : undefined;
    const value = parts?.[part];
    if (parts && value !== null) out.push({ source: `${prefix}.${source}`, value });
  }
  return out;
}

/** Whether a written part agrees with what a URL says (the extension compared without regard to case). */
export function agrees(written: string, observed: string | undefined, part: UrlPart): boolean {
  if (observed === undefined) return false;
  return samePart(written, observed) || (part === 'extension' && written.toLowerCase() === observed.toLowerCase());
}

export const urlPartMismatch: Rule = {
  code: 'url-part-mismatch',
  defaultSeverity: 'warning',
  title: 'URL part disagrees with the URL',
  spec: 'Query string without the question mark; absent when the URL has no question mark; empty string when there is a question mark and no query. Part after the number sign, excluding it. Last file extension without the leading dot; set only if one exists. URL as observed (full or only a path)',
  specSource: 'Document 2, URL fields: url.query, url.fragment, url.extension, url.original',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    for (const prefix of placementsWritten(ctx, 'url')) {
      for (const { part, delimiter, what } of PARTS) {
        const written = stringAt(ctx.view, childPath(prefix, part));
        if (!written) continue;
        const observed = observedPart(ctx.view, prefix, part);
        const bare = written.value.startsWith(delimiter) ? written.value.slice(delimiter.length) : undefined;
        // The part as written, or without its delimiter (url-notation's), agrees: nothing to say here.
        const disagreeing = observed.find((o) => !agrees(written.value, o.value, part) && !(bare !== undefined && agrees(bare, o.value, part)));
        if (!disagreeing) continue;
        const says = disagreeing.value === undefined ? `has no ${what}` : `has ${quote(disagreeing.value)}`;
        const values = new Set(observed.map((o) => o.value));
        const [only] = values;
        out.push(findingAt(valueSpan(written.node), {
          message: `${prefix}.${part} is ${quote(written.value)} but ${disagreeing.source} ${says}`,
          // A fix only where every URL of the event says the same.
          data: values.size !== 1 ? undefined : only === undefined ? { remove: `${prefix}.${part}` } : { replacement: only },
        }));
      }
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const data = diagnostic.data;
    if (isRecord(data) && typeof data.remove === 'string') {
      const found = valueAt(ctx.view, diagnostic);
      const edit = found && removeField(ctx.view, ctx.format, found.ref);
      return edit ? [{ title: `Remove ${data.remove} (the URL has none)`, code: urlPartMismatch.code, kind: 'quickfix', isPreferred: true, edits: [edit] }] : [];
    }
    return replacementFix(urlPartMismatch.code, diagnostic, ctx, (value) => `Change to '${String(value)}' (as in the URL)`);
  },
};

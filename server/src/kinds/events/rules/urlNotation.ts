// url-notation: URL parts written with their delimiters (`https:`, `?q=1`, `#top`, `.png`) or a literal IPv6
// url.domain without its square brackets; the fix writes the part as the spec does.
import { ipVersion } from '../../../features/values/ipAddress';
import type { EventView } from '../../../document/fieldRefs';
import { replacementFix } from '../replacementFix';
import type { Finding, Rule } from '../../../features/rule';
import { findingAt, quote, valueSpan } from '../../../features/values/values';
import { agrees, observedPart, UrlPart } from './urlPartMismatch';

/** How a part's value should read, or undefined when it reads right. */
type Repair = (value: string) => { fixed: string; why: string } | undefined;

const REPAIRS: Readonly<Record<string, Repair>> = {
  scheme: (v) => (/:(?:\/\/)?$/.test(v) && v.replace(/:(?:\/\/)?$/, '') !== '' ? { fixed: v.replace(/:(?:\/\/)?$/, ''), why: 'without the colon' } : undefined),
  query: (v) => (v.startsWith('?') ? { fixed: v.slice(1), why: 'without the question mark' } : undefined),
  fragment: (v) => (v.startsWith('#') ? { fixed: v.slice(1), why: 'without the number sign' } : undefined),
  extension: (v) => (v.startsWith('.') && v.length > 1 ? { fixed: v.slice(1), why: 'without the leading dot' } : undefined),
  domain: (v) => (ipVersion(v) === 6 ? { fixed: `[${v}]`, why: 'as a literal IPv6 address in square brackets' } : undefined),
};

/** Whether a URL of the part's placement has the part exactly as written. */
// Its own function: a closure in the rule's loop would make every key of every event allocate a scope for it.
function urlSays(view: EventView, path: readonly string[], part: UrlPart, written: string): boolean {
  return observedPart(view, path.slice(0, -1).join('.'), part).some((o) => agrees(written, o.value, part));
}

export const urlNotation: Rule = {
  code: 'url-notation',
  defaultSeverity: 'warning',
  title: 'URL part written with its delimiter',
  spec: 'Scheme without the colon. Query string without the question mark. Part after the number sign, excluding it. Last file extension without the leading dot; set only if one exists. Domain; an IP goes here when no domain; literal IPv6 keeps its square brackets',
  specSource: 'Document 2, URL fields: url.scheme, url.query, url.fragment, url.extension, url.domain',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    const infos = ctx.infosWith('field');
    for (let k = 0; k < infos.length; k++) {
      const info = infos[k];
      const field = info.field;
      const value = info.ref.value;
      if (info.status !== 'field' || field?.origin.fieldSet !== 'url' || value?.kind !== 'string') continue;
      const name = info.ref.path[info.ref.path.length - 1];
      const repair = REPAIRS[name]?.(String(value.value));
      if (!repair) continue;
      // A query that really starts with "?" (`??x`) is what the URL says: then the value is right as written.
      if ((name === 'query' || name === 'fragment' || name === 'extension') && urlSays(ctx.view, info.ref.path, name, String(value.value))) continue;
      out.push(findingAt(valueSpan(value), {
        message: `${info.path} is written ${repair.why}: ${quote(String(value.value))} should be ${quote(repair.fixed)}`,
        data: { replacement: repair.fixed },
      }));
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    return replacementFix(urlNotation.code, diagnostic, ctx, (value) => `Change to '${String(value)}'`);
  },
};

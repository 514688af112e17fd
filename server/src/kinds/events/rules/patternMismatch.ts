// pattern-mismatch: a value that does not follow its field's notation (`pattern` in the catalog): MAC addresses in
// RFC 7042 form, TLS certificate hashes as upper-case hex, two-letter continent codes. The fix rewrites the value
// in that notation when it can be read (a colon-separated MAC, a fingerprint printed with colons).
import { bareHex, matchesPattern, toCase, toRfc7042 } from '../../../features/values/notation';
import { replacementFix } from '../replacementFix';
import type { Finding, Rule } from '../../../features/rule';
import { elementsOf, findingAt, quote, valueSpan } from '../../../features/values/values';

/** Fields whose pattern another rule enforces, with its own message and fix (invalid-version). */
const OWN_RULE = new Set(['schema.version']);

export const patternMismatch: Rule = {
  code: 'pattern-mismatch',
  defaultSeverity: 'warning',
  title: 'Value not in the notation of its field',
  spec: 'keyword (two-letter code). MAC address; suggested notation: RFC 7042, two uppercase hex digits per octet, octets separated by hyphen. MAC addresses, RFC 7042 notation suggested. Uppercase SHA1 fingerprint',
  specSource: 'Document 1, Geo fields: geo.continent_code; Client, Server, Source, Destination fields: {side}.mac; Host fields: host.mac. Document 2, Observer fields: observer.mac; TLS fields: tls.client.hash.* and tls.server.hash.*',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    const infos = ctx.infosWith('field');
    for (let k = 0; k < infos.length; k++) {
      const info = infos[k];
      const field = info.field;
      if (info.status !== 'field' || !field?.pattern || OWN_RULE.has(field.path) || !info.ref.value) continue;
      const pattern = field.pattern;
      for (const element of elementsOf(info.ref.value)) {
        if (element.kind !== 'string') continue;
        const value = String(element.value);
        if (matchesPattern(pattern, value)) continue;
        // Only the case is wrong: wrong-case says so.
        if (field.case && matchesPattern(pattern, toCase(value, field.case))) continue;
        const repaired = repairedValue(value, pattern);
        const notation = field.patternDescription ?? `text matching ${pattern}`;
        out.push(findingAt(valueSpan(element), {
          message: `${info.path} expects ${notation}; found ${quote(value)}${repaired ? `, which reads ${quote(repaired)}` : ''}`,
          data: repaired === undefined ? undefined : { replacement: repaired },
        }));
      }
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    return replacementFix(patternMismatch.code, diagnostic, ctx, (value) => `Change to '${String(value)}'`);
  },
};

/** The first reading of a value that differs from it and matches the pattern (a function of its own: a closure in
 * the rule's loop would make every key of every event allocate a scope for it). */
function repairedValue(value: string, pattern: string): string | undefined {
  return repairs(value).find((candidate) => candidate !== value && matchesPattern(pattern, candidate));
}

/** Readings of a value in the notations the catalog's patterns use, most specific first. */
function repairs(value: string): string[] {
  return [toRfc7042(value), bareHex(value)?.toUpperCase(), value.trim()].filter((v): v is string => v !== undefined);
}

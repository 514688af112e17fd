// timezone-format: an event.timezone that is none of the three formats: a canonical zone ID (checked against the
// runtime's IANA time-zone database through Intl), an abbreviation (EST, CEST) or an HH:mm differential (+02:00, -0530).
import { BoundedMemo } from '../../../document/boundedMemo';
import { replaceValue } from '../edits';
import { stringAt } from '../eventValues';
import { isRecord, valueAt } from '../../../features/locate';
import type { Finding, Rule } from '../../../features/rule';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

export const timezoneFormat: Rule = {
  code: 'timezone-format',
  defaultSeverity: 'warning',
  title: 'event.timezone in none of its formats',
  spec: 'Populate when the timestamp lacks a zone. Formats: canonical ID, abbreviation, or HH:mm differential',
  specSource: 'Document 1, Event fields, event.timezone',
  scope: 'event',
  check(ctx) {
    const zone = stringAt(ctx.view, 'event.timezone');
    if (!zone) return [];
    const verdict = timezoneVerdict(zone.value);
    if (verdict.ok) return [];
    const finding: Finding = findingAt(valueSpan(zone.node), {
      message: verdict.canonical
        ? `event.timezone ${quote(zone.value)} is the zone ${quote(verdict.canonical)} written in another case; canonical IDs are written as the time-zone database spells them`
        : `event.timezone ${quote(zone.value)} is none of its formats: a canonical ID (Europe/Paris), an abbreviation (EST, CEST) or an HH:mm differential (+02:00, -05:30)`,
    });
    if (verdict.canonical) finding.data = { canonical: verdict.canonical };
    return [finding];
  },
  fixes(diagnostic, ctx) {
    const found = valueAt(ctx.view, diagnostic);
    const canonical = isRecord(diagnostic.data) ? diagnostic.data.canonical : undefined;
    if (!found || typeof canonical !== 'string') return [];
    return [{ title: `Change to '${canonical}'`, code: timezoneFormat.code, kind: 'quickfix', isPreferred: true, edits: [replaceValue(ctx.format, found.node, canonical)] }];
  },
};

const ABBREVIATION = /^[A-Z]{2,6}$/;
const DIFFERENTIAL = /^[+-](?:[01]\d|2[0-3]):?[0-5]\d$/;

/** Whether a value is in one of the formats; `canonical` when it names a zone in the wrong case (`europe/paris`). */
export function timezoneVerdict(value: string): { ok: boolean; canonical?: string } {
  if (DIFFERENTIAL.test(value) || ABBREVIATION.test(value)) return { ok: true };
  const resolved = zoneName(value);
  if (resolved === undefined) return { ok: false };
  // Intl reads names case-insensitively and maps aliases (US/Eastern) to their target: an alias is still an ID.
  if (value.toLowerCase() === resolved.toLowerCase() && value !== resolved) return { ok: false, canonical: resolved };
  return { ok: true };
}

// Building an Intl.DateTimeFormat costs far more than a lookup; a file repeats the same few zones.
const zoneNames = new BoundedMemo<string | undefined>((value) => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}, 1000);

// The time-zone database's only names with a digit and no slash (POSIX-style zones and GMT's links). Any other such
// value (`delta-29`, `GMT+2`) names no zone, told without Intl, whose first use would be paid inside a first open.
const DIGIT_NAMES_WITHOUT_AREA = new Set(['EST5EDT', 'CST6CDT', 'MST7MDT', 'PST8PDT', 'GMT0', 'GMT+0', 'GMT-0']);
const DIGIT = /\d/;

function zoneName(value: string): string | undefined {
  if (value.trim() !== value || value === '') return undefined;
  if (DIGIT.test(value) && !value.includes('/') && !DIGIT_NAMES_WITHOUT_AREA.has(value.toUpperCase())) return undefined;
  return zoneNames.get(value);
}

// duration-mismatch: event.duration (nanoseconds) that is not event.end - event.start, computed in BigInt nanoseconds
// at the precision the two timestamps are written in (never through millisecond Date arithmetic).
import { durationMatches } from '../facts/timestamp';
import { isRecord, valueAt } from '../../../features/locate';
import type { Finding, Rule } from '../../../features/rule';
import { findingAt, valueSpan } from '../../../features/values/values';
import { stampAt } from './timestampOrder';

export const durationMismatch: Rule = {
  code: 'duration-mismatch',
  defaultSeverity: 'warning',
  title: 'event.duration is not event.end - event.start',
  spec: 'Nanoseconds; when event.start and event.end are known, their difference',
  specSource: 'Document 1, Event fields, event.duration',
  scope: 'event',
  check(ctx) {
    const start = stampAt(ctx, 'event.start');
    const end = stampAt(ctx, 'event.end');
    const node = ctx.view.value('event.duration');
    if (!start || !end || node?.kind !== 'number') return [];
    const duration = integerOf(node.raw, node.value as number);
    if (duration === undefined || durationMatches(duration, start.instant, end.instant)) return [];
    const difference = end.instant.ns - start.instant.ns;
    if (difference < 0n) {
      return [findingAt(valueSpan(node), { message: `event.end ${end.text} is earlier than event.start ${start.text}, so no duration fits; event.duration is their difference in nanoseconds` })];
    }
    const finding: Finding = findingAt(valueSpan(node), {
      message: `event.duration is ${duration} ns but event.end - event.start is ${difference} ns; event.duration is their difference in nanoseconds`,
      data: { expected: difference.toString() },
    });
    return [finding];
  },
  fixes(diagnostic, ctx) {
    const found = valueAt(ctx.view, diagnostic);
    const expected = isRecord(diagnostic.data) ? diagnostic.data.expected : undefined;
    if (!found || typeof expected !== 'string' || !/^\d+$/.test(expected)) return [];
    // Written as digits, not through a JS number: nanosecond durations may pass 2^53.
    const edit = { start: found.node.start, end: found.node.end, newText: expected };
    return [{ title: `Set event.duration to ${expected} (event.end - event.start)`, code: durationMismatch.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
  },
};

/** A whole number as written (digits read exactly), or undefined for fractions and exponents that are not whole. */
function integerOf(raw: string, value: number): bigint | undefined {
  const text = raw.trim();
  if (/^-?\d+$/.test(text)) return BigInt(text);
  return Number.isSafeInteger(value) ? BigInt(value) : undefined;
}

// timestamp-order: @timestamp, event.created and event.ingested out of their expected order; instants are compared
// at the coarser precision of the two (nanosecond fractions kept), so values equal at that precision pass.
import { compareInstants, Instant, parseInstant } from '../facts/timestamp';
import { scalarAt } from '../eventValues';
import type { Finding, Rule, RuleContext } from '../../../features/rule';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

const ORDER = ['@timestamp', 'event.created', 'event.ingested'] as const;

export interface Stamp {
  path: string;
  text: string;
  instant: Instant;
  span: { start: number; end: number };
}

export const timestampOrder: Rule = {
  code: 'timestamp-order',
  defaultSeverity: 'warning',
  title: 'Timestamps out of order',
  spec: 'Timestamps of one event are expected in the order `@timestamp` < `event.created` < `event.ingested`.',
  specSource: 'Document 1, Event document rules, rule 7',
  scope: 'event',
  check(ctx) {
    // An order needs two timestamps; most events carry only @timestamp, which need not be parsed then.
    if (writtenCount(ctx) < 2) return [];
    const stamps = ORDER.map((path) => stampAt(ctx, path));
    const out: Finding[] = [];
    stamps.forEach((later, i) => {
      if (!later) return;
      const before = stamps.slice(0, i).find((earlier) => earlier && compareInstants(later.instant, earlier.instant) < 0);
      if (!before) return;
      out.push(findingAt(later.span, {
        message: `${later.path} ${quote(later.text)} is earlier than ${before.path} ${quote(before.text)}; the timestamps of an event are expected in the order @timestamp < event.created < event.ingested`,
      }));
    });
    return out;
  },
};

/** A date field's instant, when the event writes one that reads as a date (type-mismatch reports the others). */
export function stampAt(ctx: RuleContext, path: string): Stamp | undefined {
  const found = scalarAt(ctx.view, path);
  const instant = found && parseInstant(found.value);
  if (!found || !instant) return undefined;
  return { path, text: String(found.node.kind === 'number' ? found.node.raw.trim() || found.value : found.value), instant, span: valueSpan(found.node) };
}

/** How many of the ordered timestamps the event writes (counted, not listed: every event passes here). */
function writtenCount(ctx: RuleContext): number {
  let count = 0;
  for (const path of ORDER) if (ctx.view.all(path).length > 0) count++;
  return count;
}

// Timestamps at the precision they are written in: ISO 8601 strings may carry nanoseconds, which
// millisecond Date arithmetic would lose, so instants are kept as BigInt nanoseconds since the epoch.

export interface Instant {
  /** Nanoseconds since 1970-01-01T00:00:00Z. */
  ns: bigint;
  /** The unit of the last digit written, in nanoseconds (1e9 for whole seconds, 1e6 for milliseconds, 1 for nanoseconds). */
  precisionNs: bigint;
}

const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d{1,9})\d*)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** An ISO 8601 date-time string, or epoch milliseconds as a number; undefined for anything else. */
export function parseInstant(value: unknown): Instant | undefined {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return undefined;
    return { ns: BigInt(value) * 1_000_000n, precisionNs: 1_000_000n };
  }
  if (typeof value !== 'string') return undefined;
  const m = iso.exec(value.trim());
  if (!m) return undefined;
  const [, date, time = '00:00:00', fraction = '', zone = 'Z'] = m;
  const seconds = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}${normaliseZone(zone)}`);
  if (Number.isNaN(seconds)) return undefined;
  const fractionNs = fraction === '' ? 0n : BigInt(fraction.padEnd(9, '0'));
  const precisionNs = fraction === '' ? (m[2] ? 1_000_000_000n : 86_400_000_000_000n) : 10n ** BigInt(9 - fraction.length);
  return { ns: BigInt(seconds) * 1_000_000n + fractionNs, precisionNs };
}

function normaliseZone(zone: string): string {
  if (zone.toUpperCase() === 'Z') return 'Z';
  const digits = zone.replace(':', '');
  return `${digits.slice(0, 3)}:${digits.length > 3 ? digits.slice(3) : '00'}`;
}

/** -1, 0 or 1 comparing two instants at the coarser of their precisions. */
export function compareInstants(a: Instant, b: Instant): -1 | 0 | 1 {
  const unit = a.precisionNs > b.precisionNs ? a.precisionNs : b.precisionNs;
  const x = floorTo(a.ns, unit);
  const y = floorTo(b.ns, unit);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether `duration` (nanoseconds) is `end - start`, to the precision the two timestamps were written in. */
export function durationMatches(durationNs: bigint, start: Instant, end: Instant): boolean {
  const unit = start.precisionNs > end.precisionNs ? start.precisionNs : end.precisionNs;
  const difference = end.ns - start.ns;
  const gap = durationNs > difference ? durationNs - difference : difference - durationNs;
  return gap < unit;
}

function floorTo(ns: bigint, unit: bigint): bigint {
  const r = ns % unit;
  return r < 0n ? ns - r - unit : ns - r;
}

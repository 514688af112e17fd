// syslog-priority-mismatch: log.syslog.priority that is not 8 x facility + severity (the codes in
// log.syslog.facility.code and log.syslog.severity.code); values outside their bounds are out-of-range's.
import { numberAt } from '../eventValues';
import { replacementFix } from '../replacementFix';
import type { Rule } from '../../../features/rule';
import { findingAt, valueSpan } from '../../../features/values/values';

const FACILITY = 'log.syslog.facility.code';
const SEVERITY = 'log.syslog.severity.code';
const PRIORITY = 'log.syslog.priority';

/** Syslog's own ranges (RFC 5424): 24 facilities, 8 severities. */
const FACILITIES = 24;
const SEVERITIES = 8;

export const syslogPriorityMismatch: Rule = {
  code: 'syslog-priority-mismatch',
  defaultSeverity: 'warning',
  title: 'log.syslog.priority is not 8 x facility + severity',
  spec: '8 x facility + severity; 0 to 191',
  specSource: 'Document 2, Log fields, log.syslog.priority',
  scope: 'event',
  check(ctx) {
    const priority = numberAt(ctx.view, PRIORITY);
    const facility = numberAt(ctx.view, FACILITY);
    const severity = numberAt(ctx.view, SEVERITY);
    if (!priority || !facility || !severity) return [];
    if (!inRange(facility.value, FACILITIES) || !inRange(severity.value, SEVERITIES) || !inRange(priority.value, FACILITIES * SEVERITIES)) return [];
    const expected = facility.value * SEVERITIES + severity.value;
    if (priority.value === expected) return [];
    return [findingAt(valueSpan(priority.node), {
      message: `${PRIORITY} is ${priority.value} but 8 x facility (${facility.value}) + severity (${severity.value}) is ${expected}`,
      data: { replacement: expected },
    })];
  },
  fixes(diagnostic, ctx) {
    return replacementFix(syslogPriorityMismatch.code, diagnostic, ctx, (value) => `Set ${PRIORITY} to ${String(value)}`);
  },
};

function inRange(value: number, count: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < count;
}

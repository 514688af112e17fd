// outcome-not-expected: event.outcome on a metric event or an info-type event, where the spec says it is generally omitted.
import { hasStringAt, stringAt } from '../eventValues';
import { removeField } from '../setField';
import type { Rule } from '../../../features/rule';
import { findingAt, valueSpan } from '../../../features/values/values';

export const outcomeNotExpected: Rule = {
  code: 'outcome-not-expected',
  defaultSeverity: 'hint',
  title: 'event.outcome on a metric or info event',
  spec: 'From the perspective of the producer; generally omitted for metric events, for event.type info, and where no outcome applies.',
  specSource: 'Document 1, Event fields, event.outcome',
  scope: 'event',
  check(ctx) {
    const view = ctx.view;
    const outcome = view.get('event.outcome');
    if (!outcome?.value || outcome.value.kind === 'object' || outcome.value.kind === 'null') return [];
    const reason = stringAt(view, 'event.kind')?.value === 'metric'
      ? 'a metric event (event.kind metric)'
      : hasStringAt(view, 'event.type', 'info') ? 'an info event (event.type info)' : undefined;
    if (!reason) return [];
    return [findingAt(valueSpan(outcome.value), { message: `event.outcome is generally omitted on ${reason}`, tags: ['unnecessary'] })];
  },
  fixes(_diagnostic, ctx) {
    const ref = ctx.view.get('event.outcome');
    const edit = ref && removeField(ctx.view, ctx.format, ref);
    return edit ? [{ title: 'Remove event.outcome', code: outcomeNotExpected.code, kind: 'quickfix', isPreferred: true, edits: [edit] }] : [];
  },
};

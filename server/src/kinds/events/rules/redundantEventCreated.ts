// redundant-event-created: event.created that is the very instant of @timestamp; the spec says to keep @timestamp alone then.
import { removeField } from '../setField';
import type { Finding, Rule } from '../../../features/rule';
import { stampAt } from './timestampOrder';
import { findingAt } from '../../../features/values/values';

export const redundantEventCreated: Rule = {
  code: 'redundant-event-created',
  defaultSeverity: 'hint',
  title: 'event.created identical to @timestamp',
  spec: 'When the event was first read by an agent or pipeline; if identical to @timestamp, use @timestamp',
  specSource: 'Document 1, Event fields, event.created',
  scope: 'event',
  check(ctx) {
    // event.created first: without it @timestamp need not be parsed.
    const created = stampAt(ctx, 'event.created');
    const timestamp = created && stampAt(ctx, '@timestamp');
    if (!timestamp || !created || timestamp.instant.ns !== created.instant.ns) return [];
    const finding: Finding = findingAt(created.span, { message: 'event.created is identical to @timestamp; when they are identical, @timestamp alone is used', tags: ['unnecessary'] });
    return [finding];
  },
  fixes(_diagnostic, ctx) {
    const ref = ctx.view.get('event.created');
    const edit = ref && removeField(ctx.view, ctx.format, ref);
    return edit ? [{ title: 'Remove event.created (identical to @timestamp)', code: redundantEventCreated.code, kind: 'quickfix', isPreferred: true, edits: [edit] }] : [];
  },
};

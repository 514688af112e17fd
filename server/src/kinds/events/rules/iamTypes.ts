// iam-types: an iam event whose event.type lacks the activity or the target kind (user or group).
import { hasStringAt, stringsAt } from '../eventValues';
import type { Rule } from '../../../features/rule';
import { findingAt, valueSpan } from '../../../features/values/values';

const TARGETS = new Set(['user', 'group']);

export const iamTypes: Rule = {
  code: 'iam-types',
  defaultSeverity: 'warning',
  title: 'iam event without its two event types',
  spec: 'Event with category iam carries two event types: one for the activity (creation, deletion, change, and so on) and one for whether a user or a group is the target',
  specSource: 'Document 1, Events, Identity and account management (and Document 2, User field mapping guidance, rule 2)',
  scope: 'event',
  check(ctx) {
    const view = ctx.view;
    if (!hasStringAt(view, 'event.category', 'iam')) return [];
    const iam = stringsAt(view, 'event.category').find((c) => c.value === 'iam');
    if (!iam) return [];
    const types = stringsAt(view, 'event.type');
    const hasTarget = types.some((t) => TARGETS.has(t.value));
    const hasActivity = types.some((t) => !TARGETS.has(t.value));
    if (hasTarget && hasActivity) return [];
    const missing = [hasActivity ? undefined : 'the activity (creation, deletion, change, ...)', hasTarget ? undefined : 'whether a user or a group is the target (user, group)'].filter(Boolean);
    const typeRef = view.get('event.type');
    const span = typeRef?.value ? valueSpan(typeRef.value) : valueSpan(iam.node);
    return [findingAt(span, { message: `An iam event carries two event types; event.type lacks ${missing.join(' and ')}` })];
  },
};

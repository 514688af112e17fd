// unrecommended-value: a value outside a recommended-only list (network.direction): a hint, not an error.
import type { FieldDefinition } from '../../../catalog/types';
import type { Rule } from '../../../features/rule';
import { replaceWithCandidates, valuesOutside } from './allowedValues';

// Module-level, not inline arrows: the check runs on every event, and each inline arrow is a new object per call.
const recommendedOf = (f: FieldDefinition): string[] | undefined => (f.allowed ? undefined : f.recommended);
const describe = (path: string, list: string[]): string => `one of the recommended values of ${path}: ${list.join(', ')}`;

export const unrecommendedValue: Rule = {
  code: 'unrecommended-value',
  defaultSeverity: 'information',
  title: 'Value not among the recommended ones',
  spec: 'Recommended values: ingress, egress, inbound, outbound, internal, external, unknown.',
  specSource: 'Document 2, Network fields, network.direction',
  scope: 'event',
  check(ctx) {
    return valuesOutside(ctx, recommendedOf, describe);
  },
  fixes(diagnostic, ctx) {
    return replaceWithCandidates(unrecommendedValue.code, diagnostic, ctx);
  },
};

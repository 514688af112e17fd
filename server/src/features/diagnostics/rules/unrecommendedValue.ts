// unrecommended-value: a value outside a recommended-only list (network.direction): a hint, not an error.
import type { Rule } from '../rule';
import { replaceWithCandidates, valuesOutside } from './allowedValues';

export const unrecommendedValue: Rule = {
  code: 'unrecommended-value',
  defaultSeverity: 'information',
  title: 'Value not among the recommended ones',
  spec: 'Recommended values: ingress, egress, inbound, outbound, internal, external, unknown.',
  specSource: 'Document 2, Network fields, network.direction',
  check(ctx) {
    return valuesOutside(ctx, (f) => (f.allowed ? undefined : f.recommended), (path, list) => `one of the recommended values of ${path}: ${list.join(', ')}`);
  },
  fixes(diagnostic, ctx) {
    return replaceWithCandidates(unrecommendedValue.code, diagnostic, ctx);
  },
};

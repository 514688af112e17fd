// invalid-value: a value outside a field's allowed values (the categorization fields, event.agent_id_status, ...).
import type { FieldDefinition } from '../../../catalog/types';
import type { Rule } from '../../../features/rule';
import { replaceWithCandidates, valuesOutside } from './allowedValues';

// Module-level, not inline arrows: the check runs on every event, and each inline arrow is a new object per call.
const allowedOf = (f: FieldDefinition): string[] | undefined => f.allowed;
const describe = (path: string, list: string[]): string => `an allowed value of ${path}; allowed: ${list.join(', ')}`;

export const invalidValue: Rule = {
  code: 'invalid-value',
  defaultSeverity: 'error',
  title: 'Value not allowed',
  spec: '`event.kind`, `event.category`, `event.type`, `event.outcome` are the four categorization fields. They are filled with fixed values chosen by knowledge of the event source, and only with the allowed values listed below.',
  specSource: 'Document 1, Event document rules, rule 5',
  scope: 'event',
  check(ctx) {
    return valuesOutside(ctx, allowedOf, describe);
  },
  fixes(diagnostic, ctx) {
    return replaceWithCandidates(invalidValue.code, diagnostic, ctx);
  },
};

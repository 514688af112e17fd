// foreign-meta-field: a file that uses `ecs.version`, the family's other meta field name, gets one diagnostic
// (not a cascade of unknown and missing fields), and one fix renaming it to schema.version in every event.
import type { FieldRef } from '../../document/fieldRefs';
import type { FwDiagnostic } from '../types';
import { isRecord } from '../locate';
import type { Finding, Rule } from '../rule';
import { findingAt } from '../values/values';

export const FOREIGN = 'ecs.version';

export const foreignMetaField: Rule = {
  code: 'foreign-meta-field',
  defaultSeverity: 'warning',
  title: 'Meta field of another schema family',
  spec: 'In this schema family the field set holding schema meta-information is named `schema` (field `schema.version`).',
  specSource: 'Document 1, introduction',
  scope: 'name',
  check(ctx) {
    return ctx.refsAt(FOREIGN).map((ref): Finding => findingAt(keyOf(ref).pathSpan, {
      message: "'ecs.version' is the meta field of another schema family; events of this schema state their version in 'schema.version'",
      data: { path: FOREIGN },
    }));
  },
  perFile: {
    suppresses(diagnostic: FwDiagnostic): boolean {
      const path = isRecord(diagnostic.data) ? diagnostic.data.path : undefined;
      if (typeof path !== 'string') return false;
      return (diagnostic.code === 'missing-required' && path === 'schema.version') || (diagnostic.code === 'unknown-field' && path.startsWith('ecs.'));
    },
  },
};

/** The key that names `ecs`: the dotted key itself, or the `ecs` key above a nested `version`. */
export function keyOf(ref: FieldRef): FieldRef {
  return ref.first === 1 && ref.parent ? ref.parent : ref;
}


// dotted-key: a dotted key in a JSON or NDJSON event (API ingestion needs nested objects); off where the file
// is meant to be flat (fieldwise.events.allowDottedKeys) and in YAML.
import { nestAllDottedKeys, nestDottedKey } from '../edits';
import { refAtKey } from '../../../features/locate';
import type { Rule } from '../../../features/rule';
import { findingAt } from '../../../features/values/values';

export const dottedKey: Rule = {
  code: 'dotted-key',
  defaultSeverity: 'warning',
  title: 'Dotted key instead of nested objects',
  spec: 'When an event is ingested through an API, fields MUST be nested JSON objects, not strings that contain dots.',
  specSource: 'Document 1, Event document rules, rule 6',
  scope: 'event',
  fixAllTitle: 'Nest all dotted keys in the file as objects',
  check(ctx) {
    if (ctx.format === 'yaml' || ctx.env.dottedKeys) return [];
    return ctx.view.refs
      .filter((ref) => ref.dotted)
      .map((ref) => findingAt(ref.pathSpan, {
        message: `"${ref.property.key}" is a dotted key; events ingested through an API must use nested objects ("${ref.property.key.split('.')[0]}": {...})`,
      }));
  },
  fixes(diagnostic, ctx) {
    const ref = refAtKey(ctx.view, diagnostic);
    const edit = ref && nestDottedKey(ctx.view, ref);
    if (!ref || !edit) return [];
    return [{ title: `Nest "${ref.property.key}" as objects`, code: dottedKey.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
  },
  fixEvent(_diagnostics, ctx) {
    return nestAllDottedKeys(ctx.view) ?? [];
  },
};

// deprecated-field: a field (or a placement such as host.user) the schema deprecates.
import type { Finding, Rule } from '../rule';
import { findingAt, keySpanFrom } from '../values/values';
import { flaggedKeys } from './flagged';

export const deprecatedField: Rule = {
  code: 'deprecated-field',
  defaultSeverity: 'warning',
  title: 'Deprecated field',
  spec: 'Deprecations: http.request.method lower-casing guidance was dropped as of 1.6.0 and original case will be mandated in 2.0.0; host.user.* is deprecated and removed in the next major version; log.original is deprecated for removal in the next major version (superseded by event.original); process.elf reuse is beta.',
  specSource: 'Document 1, Versioning, rule 4',
  scope: 'name',
  check(ctx) {
    return flaggedKeys(ctx, 'deprecated').map(({ info, flag }): Finding => findingAt(keySpanFrom(info.ref, flag.at), {
      message: flag.text.includes(flag.path) ? `Deprecated: ${flag.text}` : `'${flag.path}' is deprecated: ${flag.text}`,
      tags: ['deprecated'],
    }));
  },
};

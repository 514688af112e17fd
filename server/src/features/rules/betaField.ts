// beta-field: a field (or a placement such as process.elf) the schema marks as beta: an information hint.
import type { Finding, Rule } from '../rule';
import { findingAt, keySpanFrom } from '../values/values';
import { flaggedKeys } from './flagged';

export const betaField: Rule = {
  code: 'beta-field',
  defaultSeverity: 'information',
  title: 'Beta field',
  spec: 'process.elf reuse is beta.',
  specSource: 'Document 1, Versioning, rule 4 (and Document 2, Process fields: process.elf.* (beta))',
  scope: 'name',
  check(ctx) {
    return flaggedKeys(ctx, 'beta').map(({ info, flag }): Finding => findingAt(keySpanFrom(info.ref, flag.at), {
      message: flag.text.includes(flag.path) ? `Beta: ${flag.text}` : `'${flag.path}' is beta: ${flag.text}`,
    }));
  },
};

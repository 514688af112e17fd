// alias-expansion-limit: YAML aliases that would stand for more than MAX_ALIASED_NODES keys and items (an alias bomb)
// are left unexpanded where the bound is met (document/syntaxes/yaml/yamlValue.ts); this says so, once per event or file.
import { ALIAS_EXPANSION_LIMIT } from '../../document/limits';
import type { Rule } from '../rule';

export const aliasExpansionLimit: Rule = {
  code: ALIAS_EXPANSION_LIMIT,
  defaultSeverity: 'warning',
  title: 'Alias expansion limit',
  spec: 'The resource is the event document.',
  specSource: 'Document 1, Resources and their fields (YAML aliases that would stand for more than Fieldwise expands are reported, and what they stand for is not checked)',
  scope: 'document',
  check(ctx) {
    return ctx.view.slice.errors.filter((e) => e.code === ALIAS_EXPANSION_LIMIT).map((e) => ({ start: e.start, end: e.end, message: e.message }));
  },
};

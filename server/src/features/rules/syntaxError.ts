// syntax-error: text that does not parse, with the parser's own message and position.
import type { Rule } from '../rule';

export const syntaxError: Rule = {
  code: 'syntax-error',
  defaultSeverity: 'error',
  title: 'Syntax error',
  spec: 'The resource is the event document.',
  specSource: 'Document 1, Resources and their fields (an event document must first be readable JSON, NDJSON or YAML)',
  scope: 'document',
  check(ctx) {
    // A problem with a code of its own is a limit, reported by its rule (aliasExpansionLimit.ts).
    return ctx.view.slice.errors.filter((e) => e.code === undefined).map((e) => ({ start: e.start, end: e.end, message: e.message }));
  },
};

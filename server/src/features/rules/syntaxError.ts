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
    return ctx.view.slice.errors.map((e) => ({ start: e.start, end: e.end, message: e.message }));
  },
};

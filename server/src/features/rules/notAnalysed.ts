// not-analysed: an event too long to analyse (past MAX_EVENT_CHARS) is kept as text and reported once, so the user
// knows why nothing else is said about it. The language server reports files past fieldwise.maxFileSize the same way.
import { MAX_EVENT_CHARS, megabytes } from '../../document/limits';
import type { Rule } from '../rule';

export const notAnalysed: Rule = {
  code: 'not-analysed',
  defaultSeverity: 'information',
  title: 'Not analysed',
  spec: 'The resource is the event document.',
  specSource: 'Document 1, Resources and their fields (a document too large to read is reported, not checked)',
  scope: 'event',
  check(ctx) {
    const length = ctx.view.slice.text.length;
    if (length <= MAX_EVENT_CHARS) return [];
    return [{
      start: 0,
      end: Math.min(1, length),
      message: `This event is ${megabytes(length)}, more than the ${megabytes(MAX_EVENT_CHARS)} Fieldwise analyses in one event: it is not checked, and completion and hover do not look inside it. Split it into smaller events to have it checked.`,
    }];
  },
};

// normalized-message-mismatch: normalized.message that is not the message lower-cased and truncated to the
// field's maximum length (256 characters); a value only too long is out-of-range's.
import { stringAt } from '../eventValues';
import { replacementFix } from '../replacementFix';
import type { Rule } from '../../../features/rule';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

const PATH = 'normalized.message';

export const normalizedMessageMismatch: Rule = {
  code: 'normalized-message-mismatch',
  defaultSeverity: 'warning',
  title: 'normalized.message is not the normalized message',
  spec: 'The message field lower-cased, truncated to 256 characters, aggregatable',
  specSource: 'Document 2, Normalized fields, normalized.message',
  scope: 'event',
  check(ctx) {
    const normalized = stringAt(ctx.view, PATH);
    const message = stringAt(ctx.view, 'message');
    const max = normalized && ctx.info(normalized.ref).field?.maxLength;
    if (!normalized || !message || max === undefined) return [];
    const expected = truncate(message.value.toLowerCase(), max);
    const value = normalized.value;
    // Truncation by UTF-16 units (what some pipelines do) is accepted alongside characters.
    if (value === expected || value === message.value.toLowerCase().slice(0, max)) return [];
    if ([...value].length > max && truncate(value, max) === expected) return [];
    return [findingAt(valueSpan(normalized.node), {
      message: `${PATH} is the message lower-cased and truncated to ${max} characters: ${quote(expected)}; found ${quote(value)}`,
      data: { replacement: expected },
    })];
  },
  fixes(diagnostic, ctx) {
    return replacementFix(normalizedMessageMismatch.code, diagnostic, ctx, () => `Set ${PATH} from message (lower case, at most 256 characters)`);
  },
};

/** The first `max` characters (code points, so no surrogate pair is cut). */
function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

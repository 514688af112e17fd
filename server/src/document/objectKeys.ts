// Where a key is typed inside an object: the key holding the caret, or the word being typed where a new key goes
// (nothing when the caret is in a value). Shared by the adapters whose features complete keys (pipeline, mapping).
import type { ArrayNode, ObjectNode, PropertyNode, Span } from './model';
import { wordAt } from './positionContext';

/** What a key site answers: the span to replace, what is typed before the caret, whether quoted, the key if any. */
export type KeyAnswer<T> = (replace: Span, typed: string, quoted: boolean, key?: PropertyNode) => T;

/** The key site in `object` at `offset`, or `none` when the caret is in (or right after the colon of) a value. */
export function keyIn<T>(text: string, object: ObjectNode, offset: number, answer: KeyAnswer<T>, none: T): T {
  for (const p of object.properties) {
    const token = p.keyTokenSpan;
    if (offset >= token.start && offset <= token.end) {
      const quoted = token.start !== p.keySpan.start;
      return answer(p.keySpan, text.slice(p.keySpan.start, Math.min(offset, p.keySpan.end)), quoted, p);
    }
    if (p.value && p.value.start <= offset && offset <= p.value.end) return none;
    if (p.colon !== undefined && offset > p.colon && (!p.value || offset <= p.value.start) && !text.slice(p.colon, offset).includes('\n')) return none;
  }
  const replace = wordAt(text, offset);
  return answer(replace, text.slice(replace.start, offset), text.charCodeAt(replace.start - 1) === 34);
}

/** Whether the offset is inside a collection (at its end too while it is not closed yet). */
export function inside(text: string, node: ObjectNode | ArrayNode, offset: number): boolean {
  const closed = text.charCodeAt(node.end - 1) === (node.kind === 'object' ? 125 : 93);
  return offset >= node.start && (offset < node.end || (offset === node.end && !closed));
}

// Where a string's (or a regexp's) value sits in the file. Logstash reads a string's characters between the quotes as
// they are by default (`config.support_escapes: false`: no escape is decoded, `\"` stays two characters), so the
// value's character i is the file's character `contentStart + i`: the identity plus the opening quote.
import type { Span } from '../../model';
import type { RegexpNode, StringNode } from './ast';

/** The node's value. */
export function contentOf(node: StringNode | RegexpNode): string {
  return node.kind === 'string' ? node.value : node.pattern;
}

/**
 * The value with its offset inside the token (`from`: 1, past the opening quote), in the `{ value, from }` shape the
 * document layer's string-offset helpers map with (`mapRange(source, from, to, node.start)`).
 */
export function stringSource(node: StringNode | RegexpNode): { value: string; from: number } {
  return { value: contentOf(node), from: node.contentStart - node.start };
}

/** The file offset of the value's offset `i` (clamped to the value). */
export function fileOffsetOf(node: StringNode | RegexpNode, i: number): number {
  return node.contentStart + Math.min(Math.max(i, 0), contentOf(node).length);
}

/** The file span of the value's offsets [from, to) (clamped to the value). */
export function fileSpanOf(node: StringNode | RegexpNode, from: number, to: number): Span {
  const start = fileOffsetOf(node, from);
  return { start, end: Math.max(start, fileOffsetOf(node, to)) };
}

/** The value's offset for a file offset (a caret): 0 before the content, the value's length after it. */
export function valueOffsetAt(node: StringNode | RegexpNode, offset: number): number {
  return Math.min(Math.max(offset - node.contentStart, 0), contentOf(node).length);
}

// Small helpers over value nodes and key spans that several rules share.
import type { FieldRef } from '../../document/fieldRefs';
import type { Span, ValueNode } from '../../document/model';
import type { Finding } from '../rule';

/** How a value reads in a message: `the string "abc"`, `the number 5`, `an object` (`the object` when `definite`). */
export function describeValue(node: ValueNode, definite = false): string {
  switch (node.kind) {
    case 'object':
      return definite ? 'the object' : 'an object';
    case 'array':
      return definite ? 'the array' : 'an array';
    case 'string':
      return `the string ${quote(String(node.value))}`;
    case 'number':
      return `the number ${node.raw.trim() || String(node.value)}`;
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    case 'invalid':
      return `the text ${quote(node.raw)}`;
  }
}

/** A value quoted for a message, shortened when long. */
export function quote(text: string, max = 60): string {
  return JSON.stringify(shortened(text, max));
}

/**
 * A text of at most `max` characters for a message, cut with "..." when longer. Messages' own text is ASCII (not "…"):
 * one other character makes the whole answer of thousands of diagnostics a two-byte string, which JSON-RPC serialises
 * and encodes more slowly.
 */
export function shortened(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/**
 * The values an array holds, arrays inside arrays flattened (the store flattens them too); a non-array is itself.
 * Read-only: an array without arrays inside answers with its own items, not a copy.
 */
export function elementsOf(node: ValueNode): readonly ValueNode[] {
  if (node.kind !== 'array') return [node];
  if (!node.items.some(isArray)) return node.items;
  const out: ValueNode[] = [];
  flattenInto(node.items, out);
  return out;
}

function isArray(node: ValueNode): boolean {
  return node.kind === 'array';
}

// A module-level function, not a closure: every rule flattens the arrays of every event, and the bundle (keepNames)
// gives each named closure a defineProperty call when it is created.
function flattenInto(items: readonly ValueNode[], out: ValueNode[]): void {
  for (const item of items) {
    if (item.kind === 'array') flattenInto(item.items, out);
    else out.push(item);
  }
}

/** The span of a key from its `index`-th path segment (an index into `ref.path`) to the key's end. */
export function keySpanFrom(ref: FieldRef, index: number): Span {
  const segment = ref.segments[Math.max(0, Math.min(index - ref.first, ref.segments.length - 1))];
  return { start: segment.start, end: Math.max(segment.end, ref.pathSpan.end) };
}

/** The span of a key's own segments up to its `index`-th path segment (the place `network.vlan` in `network.vlan.id`). */
export function keySpanUpTo(ref: FieldRef, index: number): Span {
  const last = ref.segments[Math.max(0, Math.min(index - ref.first, ref.segments.length - 1))];
  return { start: ref.segments[0].start, end: last.end };
}

/**
 * A finding over a span (a key's or a value's). Copied field by field: `{ ...span, message }` takes a slow path in
 * V8, and a document can have tens of thousands of findings.
 */
export function findingAt(span: Span, fields: Omit<Finding, 'start' | 'end'>): Finding {
  const finding: Finding = { start: span.start, end: span.end, message: fields.message };
  if ('data' in fields) finding.data = fields.data;
  if ('tags' in fields) finding.tags = fields.tags;
  return finding;
}

/** The span to underline for a value: the node itself (an unfinished value has none). */
export function valueSpan(node: ValueNode): Span {
  return { start: node.start, end: node.end };
}

/** `a keyword`, `an ip`: the article a type name reads with. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

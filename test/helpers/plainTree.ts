// Document-model nodes as plain data, derived fields included (raw text, key spans), so that two parsers' trees
// compare by what every feature reads from them, not by how each node stores it.
import type { EventSlice, PropertyNode, ValueNode } from '../../server/src/document/model';

export type PlainNode = Record<string, unknown>;

export function plainTree(node: ValueNode | undefined): PlainNode | undefined {
  if (!node) return undefined;
  const span = { start: node.start, end: node.end };
  switch (node.kind) {
    case 'object':
      return { kind: node.kind, ...span, properties: node.properties.map(plainProperty) };
    case 'array':
      return { kind: node.kind, ...span, items: node.items.map(plainTree) };
    case 'invalid':
      return { kind: node.kind, ...span, raw: node.raw };
    default:
      return { kind: node.kind, ...span, value: node.value, raw: node.raw, style: node.style };
  }
}

function plainProperty(p: PropertyNode): PlainNode {
  return { key: p.key, keySpan: p.keySpan, keyTokenSpan: p.keyTokenSpan, colon: p.colon, value: plainTree(p.value) };
}

export function plainEvents(events: readonly EventSlice[]): PlainNode[] {
  return events.map((e) => ({ index: e.index, start: e.start, text: e.text, root: plainTree(e.root), errors: e.errors, disabledLines: e.disabledLines }));
}

// Finds again what a diagnostic points at (a key or a value), from its local range: quick fixes start here.
import type { EventView, FieldRef } from '../../document/fieldRefs';
import type { Span, ValueNode } from '../../document/model';

/** The reference whose key text contains the range (the innermost, for nested keys). */
export function refAtKey(view: EventView, range: Span): FieldRef | undefined {
  let found: FieldRef | undefined;
  for (const ref of view.refs) {
    const key = ref.property.keyTokenSpan;
    if (key.start <= range.start && range.end <= key.end) found = ref;
  }
  return found;
}

/** The value node spanning exactly the range, with the reference that holds it. */
export function valueAt(view: EventView, range: Span): { ref: FieldRef; node: ValueNode } | undefined {
  for (const ref of view.refs) {
    const value = ref.value;
    if (!value || value.start > range.start || value.end < range.end) continue;
    const node = exactNode(value, range);
    if (node) return { ref, node };
  }
  return undefined;
}

function exactNode(node: ValueNode, range: Span): ValueNode | undefined {
  if (node.start === range.start && node.end === range.end) return node;
  if (node.kind === 'array') {
    for (const item of node.items) {
      const found = item.start <= range.start && range.end <= item.end ? exactNode(item, range) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/** Whether a JSON-ish `data` value is an object, for reading diagnostics' data back from the editor. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

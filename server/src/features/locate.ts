// Finds again what a diagnostic points at (a key or a value), from its local range: quick fixes start here.
// References come in document order, so a binary search finds the key at or before an offset, also in events
// with a hundred thousand keys.
import type { EventView, FieldRef } from '../document/fieldRefs';
import type { Span, ValueNode } from '../document/model';

/** Index of the last reference whose key starts at or before `offset`, or -1. */
function lastKeyAtOrBefore(refs: readonly FieldRef[], offset: number): number {
  let lo = 0;
  let hi = refs.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (refs[mid].property.keyTokenSpan.start <= offset) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** The reference whose key text contains the range. */
export function refAtKey(view: EventView, range: Span): FieldRef | undefined {
  const refs = view.refs;
  const i = lastKeyAtOrBefore(refs, range.start);
  const ref = refs[i];
  if (!ref) return undefined;
  const key = ref.property.keyTokenSpan;
  return key.start <= range.start && range.end <= key.end ? ref : undefined;
}

/** The value node spanning exactly the range, with the reference that holds it. */
export function valueAt(view: EventView, range: Span): { ref: FieldRef; node: ValueNode } | undefined {
  const refs = view.refs;
  // The owner is a key before the value; the nearest one usually, an outer one when objects sit in between.
  for (let i = lastKeyAtOrBefore(refs, range.start); i >= 0; i--) {
    const ref = refs[i];
    const value = ref.value;
    if (!value || value.end < range.end) continue;
    if (value.start > range.start) continue;
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

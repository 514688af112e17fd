// An event's values read by schema path, however they were spelt (nested or dotted): what the rules that
// compare one field with another (timestamps, categorization, network mapping) read.
import type { EventView, FieldRef } from '../../document/fieldRefs';
import type { ScalarNode } from '../../document/model';
import { elementsOf } from '../../features/values/values';

/** A value found in the event, with the node to underline and the reference that holds it. */
export interface Located<T> {
  value: T;
  node: ScalarNode;
  ref: FieldRef;
}

/** The first string written at a path (a single value, not an array). */
export function stringAt(view: EventView, path: string): Located<string> | undefined {
  // Indexed loops here and in the rules: a for-of step allocates its result until the loop is optimized, a cost every first open pays.
  const refs = view.all(path);
  for (let k = 0; k < refs.length; k++) {
    const ref = refs[k];
    const node = ref.value;
    if (node?.kind === 'string') return { value: String(node.value), node, ref };
  }
  return undefined;
}

/** The first string or number written at a path (dates may be epoch milliseconds). */
export function scalarAt(view: EventView, path: string): Located<string | number> | undefined {
  const refs = view.all(path);
  for (let k = 0; k < refs.length; k++) {
    const ref = refs[k];
    const node = ref.value;
    if (node?.kind === 'string' || node?.kind === 'number') return { value: node.value as string | number, node, ref };
  }
  return undefined;
}

/** The first number written at a path. */
export function numberAt(view: EventView, path: string): Located<number> | undefined {
  const refs = view.all(path);
  for (let k = 0; k < refs.length; k++) {
    const ref = refs[k];
    const node = ref.value;
    if (node?.kind === 'number') return { value: node.value as number, node, ref };
  }
  return undefined;
}

/** Every string written at a path, single values and array elements alike, in document order. */
export function stringsAt(view: EventView, path: string): Array<Located<string>> {
  const out: Array<Located<string>> = [];
  const refs = view.all(path);
  for (let k = 0; k < refs.length; k++) {
    const ref = refs[k];
    if (!ref.value) continue;
    for (const node of elementsOf(ref.value)) if (node.kind === 'string') out.push({ value: String(node.value), node, ref });
  }
  return out;
}

/** Whether a path holds the string `value`, as a single value or an array element (no list built: most events ask). */
export function hasStringAt(view: EventView, path: string, value: string): boolean {
  const refs = view.all(path);
  for (let k = 0; k < refs.length; k++) {
    const ref = refs[k];
    const node = ref.value;
    if (node === undefined) continue;
    if (node.kind === 'string' ? node.value === value : node.kind === 'array' && elementsOf(node).some((e) => e.kind === 'string' && e.value === value)) return true;
  }
  return false;
}

/** Whether a path holds anything but null (an empty string counts: it was written). */
export function isPresent(view: EventView, path: string): boolean {
  return view.all(path).some((ref) => ref.value !== undefined && ref.value.kind !== 'null');
}

/** The references of the keys that hold values (not objects, not null) below a root name (`client`). */
export function leavesUnder(view: EventView, name: string): FieldRef[] {
  return view.under(name).filter(isLeafBelowRoot);
}

/** Whether `leavesUnder(view, name)` has any, without the list. */
export function holdsLeafUnder(view: EventView, name: string): boolean {
  const refs = view.under(name);
  for (let i = 0; i < refs.length; i++) if (isLeafBelowRoot(refs[i])) return true;
  return false;
}

// `depth`, not `path.length`: the path array is built on first read, and most keys never need it.
function isLeafBelowRoot(ref: FieldRef): boolean {
  const value = ref.value;
  return ref.depth > 1 && value !== undefined && value.kind !== 'object' && value.kind !== 'null';
}

// A 5 MB document's trees have about a million nodes, built in one check and all kept by the command line: these keep them small.
import type { ArrayNode, ObjectNode } from './model';

const LONGEST = 32;
const POOL_SIZE = 50_000;
let pool = new Map<string, string>();

/**
 * Keys repeat across thousands of events: one shared copy of each. The pool is bounded, and holds
 * flat copies so that it never keeps a closed document's text alive.
 */
export function intern(text: string): string {
  if (text.length > LONGEST) return text;
  const shared = pool.get(text);
  if (shared !== undefined) return shared;
  if (pool.size >= POOL_SIZE) pool = new Map();
  const flat = flatCopy(text);
  pool.set(flat, flat);
  return flat;
}

/** A copy that does not point into the string it was sliced from (V8 keeps slices of 13+ characters as views). */
function flatCopy(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf16le').toString('utf16le');
}

/** Arrays grown by push keep spare room; an exact copy is what a long-lived tree should hold. */
export function trimmed<T extends ObjectNode | ArrayNode>(node: T): T {
  if (node.kind === 'object') node.properties = node.properties.slice();
  else node.items = node.items.slice();
  return node;
}

// Nodes are a large document's most numerous objects, built in one check and all kept by the command line: these keep them small.
import type { ArrayNode, ObjectNode } from './model';

const LONGEST = 32;
const POOL_SIZE = 50_000;
let pool = new Map<string, string>();

/**
 * New keys one parse may add to the pool: without a bound, an event of very many distinct keys would copy each into the
 * pool and empty it, on every parse (code actions parse it again); keys that repeat across events are far fewer.
 */
export const NEW_KEYS_PER_PARSE = 10_000;

/** What is left of a parse's allowance of new keys (`NEW_KEYS_PER_PARSE`). */
export interface KeyBudget {
  left: number;
}

/**
 * Keys repeat across thousands of events: one shared copy of each. The pool is bounded, and holds
 * flat copies so that it never keeps a closed document's text alive. A key new to the pool once the parse's `budget`
 * is spent stays as it is.
 */
export function intern(text: string, budget?: KeyBudget): string {
  if (text.length > LONGEST) return text;
  const shared = pool.get(text);
  if (shared !== undefined) return shared;
  if (budget) {
    if (budget.left <= 0) return text;
    budget.left--;
  }
  if (pool.size >= POOL_SIZE) pool = new Map();
  const flat = flatCopy(text);
  pool.set(flat, flat);
  return flat;
}

/** A copy that does not point into the string it was sliced from (V8 keeps slices of 13+ characters as views). */
export function flatCopy(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf16le').toString('utf16le');
}

/** A name read from a text, as a string of its own: interned when short, else a flat copy (a slice keeps the whole text alive). */
export function ownName(name: string): string {
  return name.length <= LONGEST ? intern(name) : flatCopy(name);
}

/** Arrays grown by push keep spare room; an exact copy is what a long-lived tree should hold. */
export function trimmed<T extends ObjectNode | ArrayNode>(node: T): T {
  if (node.kind === 'object') node.properties = node.properties.slice();
  else node.items = node.items.slice();
  return node;
}

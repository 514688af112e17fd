// Catalog answers memoised per catalog in a tree of path segments: events repeat the same paths, a child is one
// lookup by its own short name from its parent's node (no joined keys to hash), and an unknown path's
// suggestions, which cost a scan of the catalog, are computed once.
import type { Catalog, Resolution } from '../../catalog/types';

/** A bound on the tree, so documents full of distinct custom keys cannot grow it without limit. */
const MAX_NODES = 100_000;

export interface PlacementFlags {
  deprecated?: string;
  beta?: string;
}

/** One path of the memo: `source.geo` under `source` under the root. */
export interface PathNode {
  readonly segments: readonly string[];
  readonly children: Map<string, PathNode>;
  resolution?: Resolution;
  flags?: PlacementFlags;
}

interface Tree {
  root: PathNode;
  size: number;
}

const trees = new WeakMap<Catalog, Tree>();

function treeOf(catalog: Catalog): Tree {
  let tree = trees.get(catalog);
  if (!tree || tree.size > MAX_NODES) {
    // A fresh tree; nodes still held by the event being checked keep working, detached.
    tree = { root: { segments: [], children: new Map() }, size: 0 };
    trees.set(catalog, tree);
  }
  return tree;
}

/** The node of the empty path (the event's root). */
export function rootNode(catalog: Catalog): PathNode {
  return treeOf(catalog).root;
}

/** The node one segment below `node`, created on first use. */
export function childNode(catalog: Catalog, node: PathNode, name: string): PathNode {
  let child = node.children.get(name);
  if (!child) {
    child = { segments: [...node.segments, name], children: new Map() };
    node.children.set(name, child);
    treeOf(catalog).size++;
  }
  return child;
}

/** `catalog.resolve` of the node's path. */
export function resolutionOf(catalog: Catalog, node: PathNode): Resolution {
  return (node.resolution ??= catalog.resolve(node.segments));
}

/** Deprecation and beta status of the place where a set is placed (`process.elf` is beta, `host.user` deprecated). */
export function placementFlagsOf(catalog: Catalog, node: PathNode): PlacementFlags {
  if (node.flags) return node.flags;
  const segments = node.segments;
  const entry = segments.length === 0 ? undefined : catalog.children(segments.slice(0, -1)).find((child) => child.name === segments[segments.length - 1]);
  const flags: PlacementFlags = {};
  if (entry?.deprecated) flags.deprecated = entry.deprecated;
  if (entry?.beta) flags.beta = entry.beta;
  return (node.flags = flags);
}

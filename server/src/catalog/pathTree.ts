// The tree of every path the schema places: fields, intermediate objects and where each set sits.
import { MergedSet } from './merge';
import { FieldDefinition, Level } from './types';

/** One place a field set's content is copied to, with the flags it passes on to its fields. */
export interface Placement {
  set: MergedSet;
  path: string;
  /** A root placement: the set's prefix or an `at: ''` alias (client, source, ...). */
  root: boolean;
  deprecated?: string;
  beta?: string;
  description?: string;
}

export interface TreeNode {
  name: string;
  path: string;
  parent?: TreeNode;
  children: Map<string, TreeNode>;
  field?: FieldDefinition;
  /** The placement whose content created this node. */
  owner?: Placement;
  /** Set when a field set is placed exactly here. */
  placement?: Placement;
  /** The best level of the node and its descendants; undefined when it holds no field. */
  level?: Level;
}

export function newRoot(): TreeNode {
  return { name: '', path: '', children: new Map() };
}

export function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

export function joinPath(...parts: string[]): string {
  return parts.filter((p) => p !== '').join('.');
}

/** The node at `segments`, creating missing ones owned by `owner`. */
export function ensureNode(root: TreeNode, segments: readonly string[], owner: Placement | undefined): TreeNode {
  let node = root;
  for (const segment of segments) {
    let child = node.children.get(segment);
    if (!child) {
      child = { name: segment, path: joinPath(node.path, segment), parent: node, children: new Map(), owner };
      node.children.set(segment, child);
    }
    node = child;
  }
  return node;
}

/** The deepest existing node along `segments` and how many segments it covers. */
export function walk(root: TreeNode, segments: readonly string[]): { node: TreeNode; depth: number } {
  let node = root;
  let depth = 0;
  for (const segment of segments) {
    const child = node.children.get(segment);
    if (!child) break;
    node = child;
    depth += 1;
  }
  return { node, depth };
}

const LEVEL_RANK: Record<Level, number> = { core: 0, extended: 1, custom: 2 };

export function bestLevel(a: Level | undefined, b: Level | undefined): Level | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return LEVEL_RANK[a] <= LEVEL_RANK[b] ? a : b;
}

/** Fills `level` bottom-up so completion can rank objects by their best descendant. */
export function computeLevels(node: TreeNode): Level | undefined {
  let level = node.field?.level;
  for (const child of node.children.values()) level = bestLevel(level, computeLevels(child));
  node.level = level;
  return level;
}

export function* descendants(node: TreeNode): Generator<TreeNode> {
  for (const child of node.children.values()) {
    yield child;
    yield* descendants(child);
  }
}

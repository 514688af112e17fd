// The catalog's answers memoised in a tree of path segments: events repeat the same few hundred paths, a child is
// one lookup by its own short name from its parent's node (no joined keys to hash), and an unknown path's
// suggestions, which cost a scan of the catalog, are computed once.
import type { ChildEntry, Resolution, SchemaPlace } from './types';

/** How the memo computes an answer it does not hold yet. */
export interface PlaceAnswers {
  resolve(segments: readonly string[]): Resolution;
  children(segments: readonly string[]): ChildEntry[];
}

/** A bound on the tree, so documents full of distinct custom keys cannot grow it without limit. */
const MAX_NODES = 100_000;

export class PathMemo {
  readonly root: PlaceNode;
  size = 0;

  constructor(readonly answers: PlaceAnswers) {
    this.root = new PlaceNode(this, [], undefined);
  }

  /** The place of a path, walked from the root. */
  place(segments: readonly string[]): PlaceNode {
    let node = this.root;
    for (const name of segments) node = node.child(name);
    return node;
  }
}

class PlaceNode implements SchemaPlace {
  private kids?: Map<string, PlaceNode>;
  private answer?: Resolution;
  private list?: readonly ChildEntry[];
  /** null once looked up and absent. */
  private own?: ChildEntry | null;

  constructor(private readonly memo: PathMemo, readonly segments: readonly string[], private readonly parent: PlaceNode | undefined) {}

  get resolution(): Resolution {
    return (this.answer ??= this.memo.answers.resolve(this.segments));
  }

  get children(): readonly ChildEntry[] {
    return (this.list ??= this.memo.answers.children(this.segments));
  }

  get entry(): ChildEntry | undefined {
    if (this.own === undefined) {
      const name = this.segments[this.segments.length - 1];
      this.own = this.parent?.children.find((child) => child.name === name) ?? null;
    }
    return this.own ?? undefined;
  }

  child(name: string): PlaceNode {
    const known = this.kids?.get(name);
    if (known) return known;
    const node = new PlaceNode(this.memo, [...this.segments, name], this);
    // Past the bound a place is answered without being kept: correct, only not memoised.
    if (this.memo.size < MAX_NODES) {
      (this.kids ??= new Map()).set(name, node);
      this.memo.size++;
    }
    return node;
  }
}

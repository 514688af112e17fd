// Catalog answers memoised per catalog: events repeat the same paths, and an unknown path's suggestions cost a scan.
import type { Catalog, Resolution } from '../../catalog/types';

/** A bound on each memo, so documents full of distinct custom keys cannot grow it without limit. */
const MAX_ENTRIES = 50_000;

interface Memo {
  resolutions: Map<string, Resolution>;
  placements: Map<string, PlacementFlags>;
}

export interface PlacementFlags {
  deprecated?: string;
  beta?: string;
}

const memos = new WeakMap<Catalog, Memo>();

function memoOf(catalog: Catalog): Memo {
  let memo = memos.get(catalog);
  if (!memo) {
    memo = { resolutions: new Map(), placements: new Map() };
    memos.set(catalog, memo);
  }
  return memo;
}

function remember<T>(map: Map<string, T>, key: string, value: T): T {
  if (map.size >= MAX_ENTRIES) map.clear();
  map.set(key, value);
  return value;
}

/** `catalog.resolve` for the first `length` segments of `path`. */
export function resolvePrefix(catalog: Catalog, path: readonly string[], length: number): Resolution {
  const segments = length === path.length ? path : path.slice(0, length);
  const key = segments.join('.');
  const memo = memoOf(catalog);
  return memo.resolutions.get(key) ?? remember(memo.resolutions, key, catalog.resolve(segments));
}

/** Deprecation and beta status of the place where a set is placed (`process.elf` is beta, `host.user` deprecated). */
export function placementFlags(catalog: Catalog, path: readonly string[], length: number): PlacementFlags {
  const key = path.slice(0, length).join('.');
  const memo = memoOf(catalog);
  const known = memo.placements.get(key);
  if (known) return known;
  const entry = catalog.children(path.slice(0, length - 1)).find((child) => child.name === path[length - 1]);
  const flags: PlacementFlags = {};
  if (entry?.deprecated) flags.deprecated = entry.deprecated;
  if (entry?.beta) flags.beta = entry.beta;
  return remember(memo.placements, key, flags);
}

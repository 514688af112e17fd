// Per-catalog lookups that completion, hover and inlay hints repeat on every request, computed once per catalog.
import type { Catalog, ChildEntry, FieldDefinition, FieldSetInfo, Level } from '../catalog/types';

interface Index {
  sets: Map<string, FieldSetInfo>;
  /** Concrete fields strictly below a prefix ('' = every field), by prefix. */
  below: Map<string, FieldDefinition[]>;
  children: Map<string, ChildEntry[]>;
}

const indexes = new WeakMap<Catalog, Index>();

function indexOf(catalog: Catalog): Index {
  let index = indexes.get(catalog);
  if (!index) {
    index = { sets: new Map(catalog.fieldSets().map((s) => [s.name, s])), below: new Map(), children: new Map() };
    indexes.set(catalog, index);
  }
  return index;
}

/** The field set of that name, if the catalog has one. */
export function fieldSetNamed(catalog: Catalog, name: string): FieldSetInfo | undefined {
  return indexOf(catalog).sets.get(name);
}

/** The valid children of a path, memoised (completion asks for the same objects again and again). */
export function childrenOf(catalog: Catalog, path: readonly string[]): ChildEntry[] {
  const index = indexOf(catalog);
  const key = path.join('.');
  let list = index.children.get(key);
  if (!list) {
    list = catalog.children(path);
    index.children.set(key, list);
  }
  return list;
}

/** Every concrete field strictly below `path` (all fields for the root). */
export function fieldsBelow(catalog: Catalog, path: readonly string[]): FieldDefinition[] {
  const index = indexOf(catalog);
  const key = path.join('.');
  let list = index.below.get(key);
  if (!list) {
    const prefix = key === '' ? '' : `${key}.`;
    list = catalog.fields().filter((f) => f.path.startsWith(prefix) && f.path !== key);
    index.below.set(key, list);
  }
  return list;
}

/** The child entry naming a path (`process.elf`), with the flags of its placement (beta, deprecated). */
export function entryOf(catalog: Catalog, path: readonly string[]): ChildEntry | undefined {
  if (path.length === 0) return undefined;
  const name = path[path.length - 1];
  return childrenOf(catalog, path.slice(0, -1)).find((c) => c.name === name);
}

/** The level badge of a path: the field's own level, or an intermediate object's best descendant level. */
export function levelOfPath(catalog: Catalog, path: readonly string[]): Level | undefined {
  if (path.length === 0) return undefined;
  const field = catalog.lookup(path.join('.'));
  if (field) return field.level;
  return entryOf(catalog, path)?.level;
}

const docs = new WeakMap<Catalog, Map<string, string>>();

/** Markdown built once per catalog and key (completion lists at the root hold every field). */
export function memoDoc(catalog: Catalog, key: string, build: () => string): string {
  let map = docs.get(catalog);
  if (!map) docs.set(catalog, (map = new Map()));
  let doc = map.get(key);
  if (doc === undefined) map.set(key, (doc = build()));
  return doc;
}

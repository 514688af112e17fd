// Per-catalog lookups that completion, hover and inlay hints repeat on every request: the catalog memoises its own
// answers per path (children, entries, resolutions); what it does not offer is computed once per catalog here.
import type { Catalog, ChildEntry, FieldDefinition, FieldSetInfo, Level } from '../catalog/types';

/** Concrete fields strictly below a prefix ('' = every field), by prefix. */
const below = new WeakMap<Catalog, Map<string, FieldDefinition[]>>();

/** The field set of that name, if the catalog has one. */
export function fieldSetNamed(catalog: Catalog, name: string): FieldSetInfo | undefined {
  return catalog.fieldSet(name);
}

/** The valid children of a path. */
export function childrenOf(catalog: Catalog, path: readonly string[]): readonly ChildEntry[] {
  return catalog.children(path);
}

/** Every concrete field strictly below `path` (all fields for the root). */
export function fieldsBelow(catalog: Catalog, path: readonly string[]): FieldDefinition[] {
  let byPrefix = below.get(catalog);
  if (!byPrefix) below.set(catalog, (byPrefix = new Map<string, FieldDefinition[]>()));
  const key = path.join('.');
  let list = byPrefix.get(key);
  if (!list) {
    const prefix = key === '' ? '' : `${key}.`;
    list = catalog.fields().filter((f) => f.path.startsWith(prefix) && f.path !== key);
    byPrefix.set(key, list);
  }
  return list;
}

/** The child entry naming a path (`process.elf`), with the flags of its placement (beta, deprecated). */
export function entryOf(catalog: Catalog, path: readonly string[]): ChildEntry | undefined {
  return path.length === 0 ? undefined : catalog.place(path).entry;
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
  if (!map) docs.set(catalog, (map = new Map<string, string>()));
  let doc = map.get(key);
  if (doc === undefined) map.set(key, (doc = build()));
  return doc;
}

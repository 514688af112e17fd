// The verdict on each spelling of a path (a chain of keys from the root), decided once per catalog by walking
// the key's own segments from its parent's verdict, and remembered: events repeat the same few hundred spellings.
import type { Catalog, FieldDefinition, Resolution, SchemaPlace } from '../../catalog/types';
import type { FieldRef } from '../../document/fieldRefs';

export type RefStatus =
  /** A defined field, leaf or object-typed (`info.field`). */
  | 'field'
  /** An intermediate object with defined descendants (`source`, `source.geo`). */
  | 'object'
  /** Below an object that accepts any key (`labels.env`, `file.hash.sha3_512`). */
  | 'open'
  /** Outside every schema field set: a custom field. */
  | 'custom'
  /** At or below a set the schema names but does not define (`user_agent`, `file`, `dns`). */
  | 'undefinedSet'
  /** A nested-only set used at the root (`geo.city_name`). */
  | 'nestedOnly'
  /** Under a defined set, but not defined (`source.prot`, `event.kind.x`). */
  | 'unknown'
  /** `lat` or `lon` of a geo_point written as its own dotted key (`source.geo.location.lat`). */
  | 'geoPart'
  /** Inside the value of a leaf field: the leaf's own type check covers it. */
  | 'belowLeaf'
  /** Below a key that already has a problem (unknown, nested-only): that key's diagnostic covers it. */
  | 'belowProblem';

/** A deprecated or beta place, and what the schema says about it. */
export interface Flag {
  path: string;
  text: string;
  /** Index in `ref.path` of the segment where the flag starts. */
  at: number;
}

/**
 * What the schema says about one spelling of a path (a chain of keys from the root: `source` then `geo`, or
 * `source.geo`), decided once per catalog and shared by every key written that way in any event.
 */
export class Verdict {
  status: RefStatus = 'object';
  /** Index in the path of the segment that decided the status. */
  at = 0;
  resolution: Resolution | undefined = undefined;
  field: FieldDefinition | undefined = undefined;
  /** The leaf for 'unknown', the open owner for 'open', the placement for 'undefinedSet'. */
  detail: FieldDefinition | string | undefined = undefined;
  place: SchemaPlace | undefined = undefined;
  deprecated: Flag | undefined = undefined;
  beta: Flag | undefined = undefined;
  /** The verdicts of the keys written inside this one, by key (made on first use). */
  children: Map<string, Verdict> | undefined = undefined;
}

export function openOwnerOf(v: Verdict): string | undefined {
  return v.status === 'open' && typeof v.detail === 'string' ? v.detail : undefined;
}

export function placementOf(v: Verdict): string | undefined {
  return v.status === 'undefinedSet' && typeof v.detail === 'string' ? v.detail : undefined;
}

/** The verdicts of one catalog: a tree from the root (the catalog's root place, no flags), and how many it holds. */
export interface Memo {
  catalog: Catalog;
  root: Verdict;
  size: number;
}

const memos = new WeakMap<Catalog, Memo>();
// A bound keeps a long session of odd keys from growing a catalog's verdicts without end.
const MAX_REMEMBERED = 200_000;

export function memoOf(catalog: Catalog): Memo {
  let memo = memos.get(catalog);
  if (!memo) {
    const root = new Verdict();
    root.place = catalog.place([]);
    memos.set(catalog, (memo = { catalog, root, size: 0 }));
  }
  return memo;
}

/** The verdict on `ref`, a key written inside the key (or at the root) whose verdict is `parent`. */
export function verdictOf(ref: FieldRef, parent: Verdict, memo: Memo): Verdict {
  const key = ref.property.key;
  const known = parent.children?.get(key);
  if (known) return known;
  const verdict = decide(ref, parent, memo.catalog);
  if (memo.size < MAX_REMEMBERED) {
    (parent.children ??= new Map()).set(key, verdict);
    memo.size++;
  }
  return verdict;
}

/** A key built outside a tree (no parent, yet below the root): decided from its prefix, not remembered. */
export function detached(ref: FieldRef, catalog: Catalog): Verdict {
  const verdict = new Verdict();
  verdict.at = ref.first;
  walkSegments(verdict, ref, undefined, catalog.place(ref.path.slice(0, ref.first)));
  return verdict;
}

function decide(ref: FieldRef, parent: Verdict, catalog: Catalog): Verdict {
  const verdict = new Verdict();
  verdict.at = ref.first;
  verdict.deprecated = parent.deprecated;
  verdict.beta = parent.beta;
  const inherited = inheritedStatus(parent);
  if (inherited) {
    verdict.status = inherited;
    if (inherited === 'open') verdict.detail = openOwnerOf(parent);
    if (inherited === 'undefinedSet') verdict.detail = placementOf(parent);
    return verdict;
  }
  // A key below a walked parent starts from the parent's place (a root key from the root's).
  walkSegments(verdict, ref, parent, parent.place ?? catalog.place(ref.path.slice(0, ref.first)));
  return verdict;
}

/** A child's status when the parent's answer already decides it; undefined when the child must be walked. */
function inheritedStatus(parent: Verdict): RefStatus | undefined {
  switch (parent.status) {
    case 'object':
      return undefined;
    case 'field':
      return parent.field?.type === 'object' ? undefined : 'belowLeaf';
    case 'open':
    case 'custom':
    case 'undefinedSet':
      return parent.status;
    case 'geoPart':
    case 'belowLeaf':
      return 'belowLeaf';
    default:
      return 'belowProblem';
  }
}

/** Walks the key's own segments from the place of its prefix until one decides the status. */
function walkSegments(info: Verdict, ref: FieldRef, parent: Verdict | undefined, start: SchemaPlace): void {
  const last = ref.depth - 1;
  let place = start;
  let leaf: FieldDefinition | undefined = parent?.status === 'field' ? parent.field : undefined;
  for (let i = ref.first; i <= last; i++) {
    info.at = i;
    const name = ref.nameAt(i);
    place = place.child(name);
    if (leaf && leaf.type !== 'object') {
      // Segments below a leaf in one dotted key: only a geo_point's lat/lon mean something there.
      if (leaf.type === 'geo_point' && i === last && (name === 'lat' || name === 'lon')) {
        info.status = 'geoPart';
        info.field = leaf;
      } else {
        info.status = 'unknown';
        info.detail = leaf;
        info.resolution = place.resolution;
      }
      return;
    }
    const resolution: Resolution = place.resolution;
    info.resolution = resolution;
    switch (resolution.kind) {
      case 'field':
        leaf = resolution.field;
        flag(info, ref, 'deprecated', resolution.field.deprecated, i);
        flag(info, ref, 'beta', resolution.field.beta, i);
        if (i === last) {
          info.status = 'field';
          info.field = resolution.field;
        }
        break;
      case 'object': {
        const entry = place.entry;
        flag(info, ref, 'deprecated', resolution.deprecated ?? entry?.deprecated, i);
        flag(info, ref, 'beta', resolution.beta ?? entry?.beta, i);
        info.status = 'object';
        break;
      }
      case 'open':
        info.status = 'open';
        info.detail = resolution.owner;
        return;
      case 'undefinedSet':
        info.status = 'undefinedSet';
        info.detail = resolution.placement;
        flag(info, ref, 'beta', place.entry?.beta, i);
        return;
      case 'nestedOnly':
      case 'unknown':
      case 'custom':
        info.status = resolution.kind;
        return;
    }
  }
  info.place = place;
}

function flag(info: Verdict, ref: FieldRef, kind: 'deprecated' | 'beta', text: string | undefined, at: number): void {
  if (text && !info[kind]) info[kind] = { path: ref.path.slice(0, at + 1).join('.'), text, at };
}

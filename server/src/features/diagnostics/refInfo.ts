// What the schema says about each key of an event, decided once per key and shared by every rule:
// walking the key's own segments from its parent's answer, so nested and dotted spellings agree.
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

export interface RefInfo {
  ref: FieldRef;
  /** The full dotted path (`source.geo.city_name`). */
  path: string;
  status: RefStatus;
  /** Index in `ref.path` of the segment that decided the status (the unknown or nested-only segment). */
  at: number;
  /** The catalog's answer for `ref.path` up to `at` (inclusive); absent for statuses inherited from the parent. */
  resolution?: Resolution;
  /** For 'field' and 'geoPart': the field (for 'geoPart', the geo_point). */
  field?: FieldDefinition;
  /** For 'unknown' below a leaf field written in one dotted key (`event.kind.x`): that leaf. */
  leaf?: FieldDefinition;
  /** For 'open': the object that accepts any key (`labels`). */
  openOwner?: string;
  /** For 'undefinedSet': where the undefined set sits (`user_agent`, `network.vlan`). */
  placement?: string;
  parent?: RefInfo;
  /** The catalog's place of `path`, for keys whose every segment was resolved (their children start from it). */
  place: SchemaPlace | undefined;
  /** The deprecated place this key is in, shared with the parent's when inherited. */
  deprecated?: Flag;
  beta?: Flag;
}

/**
 * Infos for every reference of an event, in the order of `refs` (`infos[ref.index]` is the info of `ref`):
 * parents come before children (the order `collectFieldRefs` gives), so each key starts from its parent's answer.
 */
export function classifyRefs(refs: readonly FieldRef[], catalog: Catalog): RefInfo[] {
  const out: RefInfo[] = new Array<RefInfo>(refs.length);
  const root = catalog.place([]);
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i];
    const parent = ref.parent ? out[ref.parent.index] : undefined;
    out[i] = classify(ref, parent, catalog, root);
  }
  return out;
}

function classify(ref: FieldRef, parent: RefInfo | undefined, catalog: Catalog, root: SchemaPlace): RefInfo {
  // Every field present from the start: one object shape for all infos keeps property access monomorphic.
  const info: RefInfo = {
    ref, path: ref.joinedPath, status: 'object', at: ref.first, resolution: undefined, field: undefined, leaf: undefined,
    openOwner: undefined, placement: undefined, parent, place: undefined, deprecated: parent?.deprecated, beta: parent?.beta,
  };
  if (parent) {
    const inherited = inheritedStatus(parent);
    if (inherited) {
      info.status = inherited;
      if (inherited === 'open') info.openOwner = parent.openOwner;
      if (inherited === 'undefinedSet') info.placement = parent.placement;
      return info;
    }
  }
  // A key below a walked parent starts from the parent's place; a root key from the root.
  const start = parent?.place ?? (ref.first === 0 ? root : catalog.place(ref.path.slice(0, ref.first)));
  walkSegments(info, start);
  return info;
}

/** A child's status when the parent's answer already decides it; undefined when the child must be walked. */
function inheritedStatus(parent: RefInfo): RefStatus | undefined {
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
function walkSegments(info: RefInfo, start: SchemaPlace): void {
  const path = info.ref.path;
  const first = info.ref.first;
  let place = start;
  let leaf: FieldDefinition | undefined = info.parent?.status === 'field' ? info.parent.field : undefined;
  for (let i = first; i < path.length; i++) {
    info.at = i;
    place = place.child(path[i]);
    if (leaf && leaf.type !== 'object') {
      // Segments below a leaf in one dotted key: only a geo_point's lat/lon mean something there.
      if (leaf.type === 'geo_point' && i === path.length - 1 && (path[i] === 'lat' || path[i] === 'lon')) {
        info.status = 'geoPart';
        info.field = leaf;
      } else {
        info.status = 'unknown';
        info.leaf = leaf;
        info.resolution = place.resolution;
      }
      return;
    }
    const resolution: Resolution = place.resolution;
    info.resolution = resolution;
    switch (resolution.kind) {
      case 'field':
        leaf = resolution.field;
        flag(info, 'deprecated', resolution.field.deprecated, i);
        flag(info, 'beta', resolution.field.beta, i);
        if (i === path.length - 1) {
          info.status = 'field';
          info.field = resolution.field;
        }
        break;
      case 'object': {
        const entry = place.entry;
        flag(info, 'deprecated', resolution.deprecated ?? entry?.deprecated, i);
        flag(info, 'beta', resolution.beta ?? entry?.beta, i);
        info.status = 'object';
        break;
      }
      case 'open':
        info.status = 'open';
        info.openOwner = resolution.owner;
        return;
      case 'undefinedSet':
        info.status = 'undefinedSet';
        info.placement = resolution.placement;
        flag(info, 'beta', place.entry?.beta, i);
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

function flag(info: RefInfo, kind: 'deprecated' | 'beta', text: string | undefined, at: number): void {
  if (text && !info[kind]) info[kind] = { path: info.ref.path.slice(0, at + 1).join('.'), text, at };
}

// What the schema says about each key of an event, decided once per key and shared by every rule:
// walking the key's own segments from its parent's answer, so nested and dotted spellings agree.
import type { Catalog, FieldDefinition, Resolution } from '../../catalog/types';
import type { FieldRef } from '../../document/fieldRefs';
import { childNode, PathNode, placementFlagsOf, resolutionOf, rootNode } from './schemaLookup';

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
  /** The memo node of `path` (the same for every key with that path), for keys whose segments were resolved. */
  node: PathNode | undefined;
  /** The deprecated place this key is in, shared with the parent's when inherited. */
  deprecated?: Flag;
  beta?: Flag;
}

/** Infos for every reference of an event, parents before children (the order `collectFieldRefs` gives). */
export function classifyRefs(refs: readonly FieldRef[], catalog: Catalog): Map<FieldRef, RefInfo> {
  const out = new Map<FieldRef, RefInfo>();
  for (const ref of refs) {
    const parent = ref.parent ? out.get(ref.parent) : undefined;
    out.set(ref, classify(ref, parent, catalog));
  }
  return out;
}

function classify(ref: FieldRef, parent: RefInfo | undefined, catalog: Catalog): RefInfo {
  const key = ref.property.key;
  // The parent's path is this key's prefix: extend its string rather than join the whole path again.
  const path = parent && ref.first > 0 ? `${parent.path}.${key}` : ref.first === 0 ? key : ref.path.join('.');
  // Every field present from the start: one object shape for all infos keeps property access monomorphic.
  const info: RefInfo = {
    ref, path, status: 'object', at: ref.first, resolution: undefined, field: undefined, leaf: undefined,
    openOwner: undefined, placement: undefined, parent, node: undefined, deprecated: parent?.deprecated, beta: parent?.beta,
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
  // Memo nodes only where the catalog is asked: custom and open subtrees (any keys at all) do not grow the memo.
  let node = parent?.node && ref.first > 0 ? parent.node : rootNode(catalog);
  if (!(parent?.node && ref.first > 0)) for (let i = 0; i < ref.first; i++) node = childNode(catalog, node, ref.path[i]);
  const own: PathNode[] = [];
  for (let i = ref.first; i < ref.path.length; i++) {
    node = childNode(catalog, node, ref.path[i]);
    own.push(node);
  }
  info.node = node;
  walkSegments(info, catalog, own);
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

/** Walks the key's own segments (`own[k]` is the node of its k-th one) until one decides the status. */
function walkSegments(info: RefInfo, catalog: Catalog, own: readonly PathNode[]): void {
  const path = info.ref.path;
  const first = info.ref.first;
  let leaf: FieldDefinition | undefined = info.parent?.status === 'field' ? info.parent.field : undefined;
  for (let i = first; i < path.length; i++) {
    info.at = i;
    const node = own[i - first];
    if (leaf && leaf.type !== 'object') {
      // Segments below a leaf in one dotted key: only a geo_point's lat/lon mean something there.
      if (leaf.type === 'geo_point' && i === path.length - 1 && (path[i] === 'lat' || path[i] === 'lon')) {
        info.status = 'geoPart';
        info.field = leaf;
      } else {
        info.status = 'unknown';
        info.leaf = leaf;
        info.resolution = resolutionOf(catalog, node);
      }
      return;
    }
    const resolution = resolutionOf(catalog, node);
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
        const placement = placementFlagsOf(catalog, node);
        flag(info, 'deprecated', resolution.deprecated ?? placement.deprecated, i);
        flag(info, 'beta', resolution.beta ?? placement.beta, i);
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
        flag(info, 'beta', placementFlagsOf(catalog, node).beta, i);
        return;
      case 'nestedOnly':
      case 'unknown':
      case 'custom':
        info.status = resolution.kind;
        return;
    }
  }
}

function flag(info: RefInfo, kind: 'deprecated' | 'beta', text: string | undefined, at: number): void {
  if (text && !info[kind]) info[kind] = { path: info.ref.path.slice(0, at + 1).join('.'), text, at };
}

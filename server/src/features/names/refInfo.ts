// What the schema says about each key of an event, shared by every rule: the verdict on the key's spelling
// (refVerdict.ts, decided once per catalog from its parent's), read through a small per-key info.
import type { Catalog, FieldDefinition, Resolution, SchemaPlace } from '../../catalog/types';
import type { FieldRef } from '../../document/fieldRefs';
import { detached, Flag, memoOf, openOwnerOf, placementOf, RefStatus, Verdict, verdictOf } from './refVerdict';

// The status and flag vocabulary is the verdict's (refVerdict.ts decides it); rules read it from here.
export type { Flag, RefStatus } from './refVerdict';

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
  const out: Info[] = new Array<Info>(refs.length);
  const memo = memoOf(catalog);
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i];
    const parent = ref.parent ? ref.parent.index : -1;
    const up = parent >= 0 ? out[parent] : undefined;
    const verdict = up ? verdictOf(ref, up.verdict, memo) : ref.first === 0 ? verdictOf(ref, memo.root, memo) : detached(ref, catalog);
    out[i] = new Info(ref, up, verdict);
  }
  return out;
}

/** One key's info: its reference, its parent's info, and the verdict on its spelling (read through, not copied). */
class Info implements RefInfo {
  constructor(readonly ref: FieldRef, readonly parent: Info | undefined, readonly verdict: Verdict) {}

  get path(): string {
    return this.ref.joinedPath;
  }

  get status(): RefStatus {
    return this.verdict.status;
  }

  get at(): number {
    return this.verdict.at;
  }

  get resolution(): Resolution | undefined {
    return this.verdict.resolution;
  }

  get field(): FieldDefinition | undefined {
    return this.verdict.field;
  }

  get place(): SchemaPlace | undefined {
    return this.verdict.place;
  }

  get deprecated(): Flag | undefined {
    return this.verdict.deprecated;
  }

  get beta(): Flag | undefined {
    return this.verdict.beta;
  }

  get leaf(): FieldDefinition | undefined {
    const v = this.verdict;
    return v.status === 'unknown' && typeof v.detail === 'object' ? v.detail : undefined;
  }

  get openOwner(): string | undefined {
    return openOwnerOf(this.verdict);
  }

  get placement(): string | undefined {
    return placementOf(this.verdict);
  }
}

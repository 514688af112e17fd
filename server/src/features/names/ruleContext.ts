// Builds the one RuleContext of an event that every rule (and every quick fix) reads.
import type { Catalog } from '../../catalog/types';
import { EventView, FieldRef } from '../../document/fieldRefs';
import type { DocumentFormat, EventSlice } from '../../document/model';
import type { FeatureEnv } from '../env';
import { classifyRefs, RefInfo, RefStatus } from './refInfo';
import type { RuleContext } from '../rule';

const NONE: readonly RefInfo[] = [];

export function createRuleContext(event: EventSlice | EventView, env: FeatureEnv): RuleContext {
  return new EventContext(event instanceof EventView ? event : new EventView(event), env);
}

// A class, not an object literal with a getter: a literal's per-call accessor closures give every context its own
// hidden class, and those (old-generation) maps would keep each event's infos alive through young collections.
class EventContext implements RuleContext {
  readonly catalog: Catalog;
  readonly format: DocumentFormat;
  private list?: RefInfo[];
  /** The infos of each status, by `slotOf`: one pass for all statuses, a list only for those present. */
  private byStatus?: Array<RefInfo[] | undefined>;
  /** The infos by reference, for references not at their `index` (made on the first such question). */
  private byRef?: Map<FieldRef, RefInfo>;

  constructor(readonly view: EventView, readonly env: FeatureEnv) {
    this.catalog = env.catalog;
    this.format = env.format;
  }

  get infos(): readonly RefInfo[] {
    return (this.list ??= classifyRefs(this.view.refs, this.catalog));
  }

  infosWith(status: RefStatus): readonly RefInfo[] {
    return (this.byStatus ??= groupByStatus(this.infos))[slotOf(status)] ?? NONE;
  }

  refsAt(path: string): readonly FieldRef[] {
    return this.view.all(path);
  }

  info(ref: FieldRef): RefInfo {
    const found = this.infos[ref.index];
    if (found?.ref === ref) return found;
    // A view may hold references made for another and kept (a pipeline's written names): found by identity then.
    const other = (this.byRef ??= new Map(this.infos.map((i) => [i.ref, i]))).get(ref);
    if (!other) throw new Error(`field reference '${ref.path.join('.')}' does not belong to this event`);
    return other;
  }
}

/** The infos grouped by status, in document order, indexed by `slotOf` (a slot stays empty for a status no key has). */
function groupByStatus(infos: readonly RefInfo[]): Array<RefInfo[] | undefined> {
  const groups = new Array<RefInfo[] | undefined>(STATUS_COUNT).fill(undefined);
  for (let i = 0; i < infos.length; i++) {
    const info = infos[i];
    const slot = slotOf(info.status);
    const list = groups[slot];
    if (list) list.push(info);
    else groups[slot] = [info];
  }
  return groups;
}

const STATUS_COUNT = 10;

/** A small number per status: a switch over interned strings, cheaper than hashing the status in a Map for every key. */
function slotOf(status: RefStatus): number {
  switch (status) {
    case 'field': return 0;
    case 'object': return 1;
    case 'open': return 2;
    case 'custom': return 3;
    case 'undefinedSet': return 4;
    case 'nestedOnly': return 5;
    case 'unknown': return 6;
    case 'geoPart': return 7;
    case 'belowLeaf': return 8;
    case 'belowProblem': return 9;
  }
}

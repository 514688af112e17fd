// Builds the one RuleContext of an event that every rule (and every quick fix) reads.
import type { Catalog } from '../../catalog/types';
import { EventView, FieldRef } from '../../document/fieldRefs';
import type { DocumentFormat, EventSlice } from '../../document/model';
import type { FeatureEnv } from '../env';
import { classifyRefs, RefInfo, RefStatus } from './refInfo';
import type { RuleContext } from './rule';

const NONE: readonly RefInfo[] = [];

export function createRuleContext(event: EventSlice | EventView, env: FeatureEnv): RuleContext {
  return new EventContext(event instanceof EventView ? event : new EventView(event), env);
}

// A class, not an object literal with a getter: a literal's per-call accessor closures give every context its own
// hidden class, and those (old-generation) maps kept each event's infos alive through young collections.
class EventContext implements RuleContext {
  readonly catalog: Catalog;
  readonly format: DocumentFormat;
  private list?: RefInfo[];
  private byStatus?: Map<RefStatus, RefInfo[]>;

  constructor(readonly view: EventView, readonly env: FeatureEnv) {
    this.catalog = env.catalog;
    this.format = env.format;
  }

  get infos(): readonly RefInfo[] {
    return (this.list ??= classifyRefs(this.view.refs, this.catalog));
  }

  infosWith(status: RefStatus): readonly RefInfo[] {
    if (!this.byStatus) {
      this.byStatus = new Map();
      for (const info of this.infos) {
        const list = this.byStatus.get(info.status);
        if (list) list.push(info);
        else this.byStatus.set(info.status, [info]);
      }
    }
    return this.byStatus.get(status) ?? NONE;
  }

  refsAt(path: string): readonly FieldRef[] {
    return this.view.all(path);
  }

  info(ref: FieldRef): RefInfo {
    const found = this.infos[ref.index];
    if (found?.ref !== ref) throw new Error(`field reference '${ref.path.join('.')}' does not belong to this event`);
    return found;
  }
}

// Builds the one RuleContext of an event that every rule (and every quick fix) reads.
import type { Catalog } from '../../catalog/types';
import { EventView, FieldRef } from '../../document/fieldRefs';
import type { DocumentFormat, EventSlice } from '../../document/model';
import type { FeatureEnv } from '../env';
import { classifyRefs, RefInfo } from './refInfo';
import type { RuleContext } from './rule';

export function createRuleContext(event: EventSlice | EventView, env: FeatureEnv): RuleContext {
  return new EventContext(event instanceof EventView ? event : new EventView(event), env);
}

// A class, not an object literal with a getter: a literal's per-call accessor closures give every context its own
// hidden class, and those (old-generation) maps kept each event's infos alive through young collections.
class EventContext implements RuleContext {
  readonly catalog: Catalog;
  readonly format: DocumentFormat;
  private list?: RefInfo[];

  constructor(readonly view: EventView, readonly env: FeatureEnv) {
    this.catalog = env.catalog;
    this.format = env.format;
  }

  get infos(): readonly RefInfo[] {
    return (this.list ??= classifyRefs(this.view.refs, this.catalog));
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

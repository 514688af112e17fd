// Builds the one RuleContext of an event that every rule (and every quick fix) reads.
import { EventView, FieldRef } from '../../document/fieldRefs';
import type { EventSlice } from '../../document/model';
import type { FeatureEnv } from '../env';
import { classifyRefs, RefInfo } from './refInfo';
import type { RuleContext } from './rule';

export function createRuleContext(event: EventSlice | EventView, env: FeatureEnv): RuleContext {
  const view = event instanceof EventView ? event : new EventView(event);
  let byRef: Map<FieldRef, RefInfo> | undefined;
  let list: RefInfo[] | undefined;
  const all = (): Map<FieldRef, RefInfo> => (byRef ??= classifyRefs(view.refs, env.catalog));
  return {
    view,
    env,
    catalog: env.catalog,
    format: env.format,
    get infos() {
      return (list ??= [...all().values()]);
    },
    info(ref: FieldRef): RefInfo {
      const found = all().get(ref);
      if (!found) throw new Error(`field reference '${ref.path.join('.')}' does not belong to this event`);
      return found;
    },
  };
}

// Builds the one RuleContext of an event that every rule (and every quick fix) reads.
import { EventView, FieldRef } from '../../document/fieldRefs';
import type { EventSlice } from '../../document/model';
import type { FeatureEnv } from '../env';
import { classifyRefs, RefInfo } from './refInfo';
import type { RuleContext } from './rule';

const NONE: readonly FieldRef[] = [];

export function createRuleContext(event: EventSlice | EventView, env: FeatureEnv): RuleContext {
  const view = event instanceof EventView ? event : new EventView(event);
  let byRef: Map<FieldRef, RefInfo> | undefined;
  let list: RefInfo[] | undefined;
  let byPath: Map<string, FieldRef[]> | undefined;
  const all = (): Map<FieldRef, RefInfo> => (byRef ??= classifyRefs(view.refs, env.catalog));
  const index = (): Map<string, FieldRef[]> => {
    if (!byPath) {
      byPath = new Map();
      for (const info of all().values()) {
        const refs = byPath.get(info.path);
        if (refs) refs.push(info.ref);
        else byPath.set(info.path, [info.ref]);
      }
    }
    return byPath;
  };
  return {
    view,
    env,
    catalog: env.catalog,
    format: env.format,
    get infos() {
      return (list ??= [...all().values()]);
    },
    refsAt(path: string): readonly FieldRef[] {
      return index().get(path) ?? NONE;
    },
    info(ref: FieldRef): RefInfo {
      const found = all().get(ref);
      if (!found) throw new Error(`field reference '${ref.path.join('.')}' does not belong to this event`);
      return found;
    },
  };
}

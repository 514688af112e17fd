// Builds the one RuleContext of an event that every rule (and every quick fix) reads.
import { EventView, FieldRef } from '../../document/fieldRefs';
import type { EventSlice } from '../../document/model';
import type { FeatureEnv } from '../env';
import { classifyRefs, RefInfo } from './refInfo';
import { findNode, PathNode } from './schemaLookup';
import type { RuleContext } from './rule';

const NONE: readonly FieldRef[] = [];

export function createRuleContext(event: EventSlice | EventView, env: FeatureEnv): RuleContext {
  const view = event instanceof EventView ? event : new EventView(event);
  let byRef: Map<FieldRef, RefInfo> | undefined;
  let list: RefInfo[] | undefined;
  let byNode: Map<PathNode, FieldRef[]> | undefined;
  const all = (): Map<FieldRef, RefInfo> => (byRef ??= classifyRefs(view.refs, env.catalog));
  const index = (): Map<PathNode, FieldRef[]> => {
    if (!byNode) {
      byNode = new Map();
      for (const info of all().values()) {
        const refs = byNode.get(info.node);
        if (refs) refs.push(info.ref);
        else byNode.set(info.node, [info.ref]);
      }
    }
    return byNode;
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
      const refs = index();
      const node = findNode(env.catalog, path.split('.'));
      return (node && refs.get(node)) ?? NONE;
    },
    info(ref: FieldRef): RefInfo {
      const found = all().get(ref);
      if (!found) throw new Error(`field reference '${ref.path.join('.')}' does not belong to this event`);
      return found;
    },
  };
}

// Keys that enter a deprecated or beta place: reported once, on the outermost key, not on every child.
import type { Flag, RefInfo } from '../names/refInfo';
import type { RuleContext } from '../rule';

const CHECKED = new Set(['field', 'object', 'open', 'undefinedSet']);

export function flaggedKeys(ctx: RuleContext, kind: 'deprecated' | 'beta'): Array<{ info: RefInfo; flag: Flag }> {
  const out: Array<{ info: RefInfo; flag: Flag }> = [];
  const infos = ctx.infos;
  for (let k = 0; k < infos.length; k++) {
    const info = infos[k];
    const flag = flagOf(info, kind);
    if (flag && flag !== (info.parent && flagOf(info.parent, kind)) && CHECKED.has(info.status)) out.push({ info, flag });
  }
  return out;
}

/** Named reads (not `info[kind]`): every key of every event passes here, and a computed name is a slower read. */
function flagOf(info: RefInfo, kind: 'deprecated' | 'beta'): Flag | undefined {
  return kind === 'deprecated' ? info.deprecated : info.beta;
}

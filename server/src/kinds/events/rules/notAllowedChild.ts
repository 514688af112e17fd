// not-allowed-child: a field inside an object that holds only some fields (network.inner: vlan.id and vlan.name,
// `allowedChildren` in the catalog) that is not one of them. Names the schema does not know there at all are
// unknown-field's; this rule covers what sits below an undefined set (network.inner.vlan.priority).
import type { Finding, Rule } from '../../../features/rule';
import { findingAt, keySpanFrom } from '../../../features/values/values';

export const notAllowedChild: Rule = {
  code: 'not-allowed-child',
  defaultSeverity: 'error',
  title: 'Field not allowed in this object',
  spec: 'Innermost VLAN when q-in-q tagging is present; allowed fields vlan.id and vlan.name',
  specSource: 'Document 2, Network fields, network.inner',
  scope: 'event',
  check(ctx) {
    const owners = ctx.infosWith('field').filter((info) => info.field?.allowedChildren?.length);
    if (owners.length === 0) return [];
    const out: Finding[] = [];
    for (const owner of owners) {
      const allowed = owner.field?.allowedChildren ?? [];
      const depth = owner.ref.path.length;
      const below = `${owner.ref.joinedPath}.`;
      const infos = ctx.infos;
      for (let k = 0; k < infos.length; k++) {
        const info = infos[k];
        // Keys outside the owner are passed over on their joined path, without building their path arrays.
        if (!info.ref.joinedPath.startsWith(below)) continue;
        const path = info.ref.path;
        if (path.length <= depth || info.status === 'unknown' || info.status === 'belowProblem' || owner.ref.path.some((name, i) => path[i] !== name)) continue;
        // The first segment below the owner that leads to no allowed child; reported on the key that names it.
        const bad = path.findIndex((_name, i) => i >= depth && !allowed.some((child) => leadsTo(path.slice(depth, i + 1).join('.'), child)));
        if (bad < 0 || bad < info.ref.first) continue;
        const rel = path.slice(depth, bad + 1).join('.');
        out.push(findingAt(keySpanFrom(info.ref, bad), {
          message: `${owner.path} holds only ${allowed.join(' and ')}; '${owner.path}.${rel}' is not allowed there`,
        }));
      }
    }
    return out;
  },
};

function leadsTo(prefix: string, child: string): boolean {
  return child === prefix || child.startsWith(`${prefix}.`);
}

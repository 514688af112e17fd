// undefined-field-set: a field set the spec names but leaves undefined; any child is accepted, with a hint,
// except the names the spec's own guidance uses (related.ip, user_agent.original: the set's `mentioned`).
import type { RefInfo } from '../names/refInfo';
import type { Finding, Rule } from '../rule';
import { findingAt, keySpanUpTo } from '../values/values';

export const undefinedFieldSet: Rule = {
  code: 'undefined-field-set',
  defaultSeverity: 'hint',
  title: 'Field set not defined by the schema',
  spec: 'Fields of the field sets code_signature, elf, pe, x509, vlan, group, dll, file, threat, agent, user_agent, dns and related (beyond the names appearing in the guidance above) are not shown; they are only referenced as nested reuses.',
  specSource: 'Document 1, Field sets',
  scope: 'name',
  check(ctx) {
    const out: Finding[] = [];
    const all = ctx.infosWith('undefinedSet');
    for (let k = 0; k < all.length; k++) {
      const info = all[k];
      if (info.status !== 'undefinedSet' || info.parent?.status === 'undefinedSet') continue;
      const resolution = info.resolution;
      const mentioned = resolution?.kind === 'undefinedSet' ? resolution.fieldSet.mentioned ?? [] : [];
      if (mentioned.length > 0 && onlyMentioned(info, all, mentioned)) continue;
      const title = resolution?.kind === 'undefinedSet' ? resolution.fieldSet.title : 'a';
      out.push(findingAt(keySpanUpTo(info.ref, info.at), {
        message: `'${info.placement}' is the ${title} field set, which the schema names but does not define: its fields are accepted without checks`,
      }));
    }
    return out;
  },
};

/** Every value below `top` sits at a name the spec's guidance uses (`related.ip`), so there is nothing to hint. */
function onlyMentioned(top: RefInfo, all: readonly RefInfo[], mentioned: readonly string[]): boolean {
  const placement = top.placement ?? top.path;
  const below = `${top.path}.`;
  for (let k = 0; k < all.length; k++) {
    const info = all[k];
    if (info.path !== top.path && !info.path.startsWith(below)) continue;
    if (info.ref.value?.kind === 'object') continue;
    if (!mentioned.includes(info.path.slice(placement.length + 1))) return false;
  }
  return true;
}

// undefined-field-set: a field set the spec names but leaves undefined; any child is accepted, with a hint.
import type { Finding, Rule } from '../rule';
import { findingAt, keySpanUpTo } from '../values';

export const undefinedFieldSet: Rule = {
  code: 'undefined-field-set',
  defaultSeverity: 'hint',
  title: 'Field set not defined by the schema',
  spec: 'Fields of the field sets code_signature, elf, pe, x509, vlan, group, dll, file, threat, agent, user_agent, dns and related (beyond the names appearing in the guidance above) are not shown; they are only referenced as nested reuses.',
  specSource: 'Document 1, Field sets',
  check(ctx) {
    const out: Finding[] = [];
    for (const info of ctx.infosWith('undefinedSet')) {
      if (info.status !== 'undefinedSet' || info.parent?.status === 'undefinedSet') continue;
      const resolution = info.resolution;
      const title = resolution?.kind === 'undefinedSet' ? resolution.fieldSet.title : 'a';
      out.push(findingAt(keySpanUpTo(info.ref, info.at), {
        message: `'${info.placement}' is the ${title} field set, which the schema names but does not define: its fields are accepted without checks`,
      }));
    }
    return out;
  },
};

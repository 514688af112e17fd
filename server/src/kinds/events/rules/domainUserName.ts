// domain-user-name: a `DOMAIN\name` composite in user.name (or user.target.name, source.user.name, ... every
// placement of the user set); the fix moves the domain to user.domain and keeps the bare name.
import { childPath, EventView } from '../../../document/fieldRefs';
import { replaceValue } from '../edits';
import { stringAt } from '../eventValues';
import { isRecord } from '../../../features/locate';
import { splitDomainName } from '../../../features/values/notation';
import type { Finding, Rule } from '../../../features/rule';
import { composeSteps, setScalar } from '../setField';
import { placementsWritten } from '../setPlacements';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

export const domainUserName: Rule = {
  code: 'domain-user-name',
  defaultSeverity: 'warning',
  title: 'DOMAIN\\name not split into user.domain and user.name',
  spec: 'A composite identifier of the form domain-backslash-name is split: the domain goes to user.domain, the bare name to user.name.',
  specSource: 'Document 2, User field mapping guidance, rule 4',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    for (const prefix of placementsWritten(ctx, 'user')) {
      const name = stringAt(ctx.view, childPath(prefix, 'name'));
      const parts = name && splitDomainName(name.value);
      if (!name || !parts) continue;
      const domain = stringAt(ctx.view, childPath(prefix, 'domain'));
      const conflict = domain !== undefined && domain.value.toLowerCase() !== parts.domain.toLowerCase();
      out.push(findingAt(valueSpan(name.node), {
        // Quoted as written: JSON quoting would double the backslash the message is about.
        message: `${prefix}.name '${name.value}' is a DOMAIN\\name composite: the domain goes to ${prefix}.domain, the bare name to ${prefix}.name`
          + (conflict ? ` (${prefix}.domain already holds ${quote(domain.value)})` : ''),
        // No fix over a different domain already written: which one is right is the user's call.
        data: conflict ? undefined : { prefix, ...parts },
      }));
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const data = diagnostic.data;
    if (!isRecord(data) || typeof data.prefix !== 'string' || typeof data.domain !== 'string' || typeof data.name !== 'string') return [];
    const { prefix, domain, name } = data as { prefix: string; domain: string; name: string };
    const namePath = `${prefix}.name`;
    const edit = composeSteps(ctx.view, ctx.format, [
      (view: EventView) => {
        const written = stringAt(view, namePath);
        return written && replaceValue(ctx.format, written.node, name);
      },
      (view: EventView) => (stringAt(view, `${prefix}.domain`) ? undefined : setScalar(view, ctx.format, [...prefix.split('.'), 'domain'], domain, { beside: namePath })),
    ]);
    if (!edit) return [];
    return [{ title: `Split into ${prefix}.domain '${domain}' and ${prefix}.name '${name}'`, code: domainUserName.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
  },
};

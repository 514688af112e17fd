// domain-parts-mismatch: a registered_domain, subdomain or top_level_domain that disagrees with its domain as the
// Public Suffix List splits it (never by counting labels); subdomain accepts both readings of the spec's wording.
import { childPath } from '../../../document/fieldRefs';
import { acceptedValues, agrees, DOMAIN_PARTS, domainSides, PartWrite, partStep, writeParts } from '../domainSides';
import { stringAt } from '../eventValues';
import { composeSteps } from '../setField';
import { isRecord, stringList } from '../../../features/locate';
import type { Finding, Rule } from '../../../features/rule';
import type { FwDiagnostic, QuickFix } from '../../../features/types';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

export const domainPartsMismatch: Rule = {
  code: 'domain-parts-mismatch',
  defaultSeverity: 'warning',
  title: 'Domain parts disagree with the domain',
  spec: 'registered_domain is the highest registered domain without the subdomain; determine it with a public suffix list, not by taking the last two labels. subdomain is every name under the registered domain except the host name, joined with dots, no trailing period; for a partially qualified domain it is all names below the registered domain. top_level_domain is the effective top-level domain (domain suffix); determine it with a public suffix list, not by taking the last label.',
  specSource: 'Document 1, Client, Server, Source, Destination fields, Domain-name rules 1 to 3',
  scope: 'event',
  fixAllTitle: 'Correct every registered_domain, subdomain and top_level_domain in the file',
  check(ctx) {
    const out: Finding[] = [];
    for (const side of domainSides(ctx)) {
      for (const part of DOMAIN_PARTS) {
        const path = childPath(side.prefix, part);
        const written = stringAt(ctx.view, path);
        if (!written || (part === 'registered_domain' && !side.parts.registeredDomain) || agrees(side.parts, part, written.value)) continue;
        const accepted = acceptedValues(side.parts, part);
        const should = accepted.length === 0 ? 'has no subdomain' : `gives ${accepted.map((v) => quote(v)).join(' or ')}`;
        out.push(findingAt(valueSpan(written.node), {
          message: `${path} ${quote(written.value)} disagrees with ${side.prefix}.domain ${quote(side.domain.value)}, which the Public Suffix List ${should} as its ${part.replace(/_/g, ' ')}`,
          data: { path, values: accepted },
        }));
      }
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    return writesOf(diagnostic).flatMap((write, i): QuickFix[] => {
      const edit = writeParts(ctx, [write]);
      if (!edit) return [];
      const title = write.value === undefined ? `Remove ${write.path}` : `Set ${write.path} to '${write.value}'`;
      return [{ title, code: domainPartsMismatch.code, kind: 'quickfix', isPreferred: i === 0, edits: [edit] }];
    });
  },
  fixEvent(diagnostics, ctx) {
    const steps = diagnostics.map((d) => writesOf(d)[0]).filter((w): w is PartWrite => w !== undefined).map((w) => partStep(ctx, w));
    const edit = composeSteps(ctx.view, ctx.format, steps);
    return edit ? [edit] : [];
  },
};

/** The fixes' writes, best first: each accepted value, or the removal of a part the domain does not have. */
function writesOf(diagnostic: FwDiagnostic): PartWrite[] {
  const data = diagnostic.data;
  if (!isRecord(data) || typeof data.path !== 'string') return [];
  const path = data.path;
  const values = stringList(data.values);
  return values.length === 0 ? [{ path }] : values.map((value) => ({ path, value }));
}

// domain-parts-missing: a domain without its registered_domain / top_level_domain (and subdomain, when both readings
// of the spec give one): the enrichment the spec names, filled by the fix from the Public Suffix List.
import { childPath } from '../../../document/fieldRefs';
import { DOMAIN_PARTS, DomainPart, domainSides, PartWrite, partStep, writeParts } from '../domainSides';
import type { DomainSide } from '../domainSides';
import { isPresent } from '../eventValues';
import { isRecord } from '../../../features/locate';
import type { Finding, Rule } from '../../../features/rule';
import { composeSteps } from '../setField';
import type { FwDiagnostic, QuickFix } from '../../../features/types';
import { findingAt, valueSpan } from '../../../features/values/values';

export const domainPartsMissing: Rule = {
  code: 'domain-parts-missing',
  defaultSeverity: 'hint',
  title: 'Domain without its registered domain and suffix',
  spec: 'Enrichment: geolocation and autonomous system from IP fields, registered domain from a hostname field, host and cloud metadata.',
  specSource: 'Document 1, Mapping guidance: web access log (the parts as the Domain-name rules determine them)',
  scope: 'event',
  fixAllTitle: 'Fill every registered_domain, subdomain and top_level_domain in the file',
  check(ctx) {
    const out: Finding[] = [];
    for (const side of domainSides(ctx)) {
      const writes = missingWrites(side, (part) => isPresent(ctx.view, childPath(side.prefix, part)));
      if (writes.length === 0) continue;
      out.push(findingAt(valueSpan(side.domain.node), {
        message: `${side.prefix}.domain has no ${writes.map((w) => w.path).join(', ')}; the Public Suffix List gives ${writes.map((w) => `${w.path.slice(side.prefix.length + 1)} "${w.value}"`).join(', ')}`,
        data: { writes, alternative: side.parts.subdomains[1] },
      }));
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const options = writeOptions(diagnostic);
    return options.flatMap((writes, i): QuickFix[] => {
      const edit = writeParts(ctx, writes);
      if (!edit) return [];
      const sub = writes.find((w) => w.path.endsWith('.subdomain'));
      const title = `Fill ${writes.map((w) => w.path).join(', ')} from the domain${sub && options.length > 1 ? ` (subdomain '${sub.value}')` : ''}`;
      return [{ title, code: domainPartsMissing.code, kind: 'quickfix', isPreferred: i === 0, edits: [edit] }];
    });
  },
  fixEvent(diagnostics, ctx) {
    const steps = diagnostics.flatMap((d) => writeOptions(d)[0] ?? []).map((w) => partStep(ctx, w));
    const edit = composeSteps(ctx.view, ctx.format, steps);
    return edit ? [edit] : [];
  },
};

/** The parts to add: each the domain has that is not written; subdomain only when both readings give one. */
function missingWrites(side: DomainSide, present: (part: DomainPart) => boolean): PartWrite[] {
  const value: Record<DomainPart, string | undefined> = {
    registered_domain: side.parts.registeredDomain,
    subdomain: side.parts.subdomains.length === 2 ? side.parts.subdomains[0] : undefined,
    top_level_domain: side.parts.topLevelDomain,
  };
  return DOMAIN_PARTS.filter((part) => value[part] !== undefined && !present(part)).map((part) => ({ path: `${side.prefix}.${part}`, value: value[part] }));
}

/** The writes of each fix: with the first subdomain reading, then (when a subdomain is written) with the second. */
function writeOptions(diagnostic: FwDiagnostic): PartWrite[][] {
  const data = diagnostic.data;
  if (!isRecord(data) || !Array.isArray(data.writes)) return [];
  const writes = data.writes.filter((w): w is { path: string; value: string } => isRecord(w) && typeof w.path === 'string' && typeof w.value === 'string');
  if (writes.length === 0) return [];
  const options = [writes];
  if (typeof data.alternative === 'string' && writes.some((w) => w.path.endsWith('.subdomain'))) {
    options.push(writes.map((w) => (w.path.endsWith('.subdomain') ? { ...w, value: data.alternative as string } : w)));
  }
  return options;
}

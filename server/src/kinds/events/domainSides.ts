// The places of an event that write a domain next to its registered_domain / subdomain / top_level_domain
// (client, server, source, destination, url and url's other placements, as the catalog defines them),
// with the parts the Public Suffix List gives for that domain.
import { BoundedMemo } from '../../document/boundedMemo';
import type { Catalog } from '../../catalog/types';
import { childPath, EventView } from '../../document/fieldRefs';
import type { PlainScalar } from '../../document/syntaxes/writer';
import { DomainParts, splitDomain } from './facts/domainName';
import { Located, stringAt } from './eventValues';
import type { RuleContext } from '../../features/rule';
import { composeSteps, removeField, setScalar, Step } from './setField';
import type { TextEdit } from '../../features/types';

export const DOMAIN_PARTS = ['registered_domain', 'subdomain', 'top_level_domain'] as const;
export type DomainPart = (typeof DOMAIN_PARTS)[number];

export interface DomainSide {
  /** `source`, `url`, `threat.indicator.url`. */
  prefix: string;
  domain: Located<string>;
  parts: DomainParts;
}

const prefixCache = new WeakMap<Catalog, string[]>();

/** Every prefix the catalog gives a registered_domain (`source`, `url`, ...). */
function domainPrefixes(catalog: Catalog): string[] {
  let prefixes = prefixCache.get(catalog);
  if (!prefixes) {
    const suffix = '.registered_domain';
    prefixes = catalog.fields().filter((f) => f.path.endsWith(suffix)).map((f) => f.path.slice(0, -suffix.length));
    prefixCache.set(catalog, prefixes);
  }
  return prefixes;
}

// A Public Suffix List lookup costs more than a rule's other work; the two domain rules share one per event, and a file repeats its domains.
const sidesCache = new WeakMap<EventView, DomainSide[]>();
const splits = new BoundedMemo<DomainParts | undefined>(splitDomain, 5000);

/** The sides of the event whose domain the Public Suffix List can split (not IPs, not bare host names). */
export function domainSides(ctx: RuleContext): DomainSide[] {
  const cached = sidesCache.get(ctx.view);
  if (cached) return cached;
  const out: DomainSide[] = [];
  for (const prefix of domainPrefixes(ctx.catalog)) {
    if (!ctx.view.holds(prefix)) continue;
    const domain = stringAt(ctx.view, childPath(prefix, 'domain'));
    const parts = domain && splits.get(domain.value);
    if (domain && parts) out.push({ prefix, domain, parts });
  }
  sidesCache.set(ctx.view, out);
  return out;
}

/**
 * The values a part may hold, best first; empty when the part has no value (subdomain of `example.com`).
 * subdomain accepts both readings of the spec: every name below the registered domain, or those without the host name.
 */
export function acceptedValues(parts: DomainParts, part: DomainPart): string[] {
  if (part === 'top_level_domain') return [parts.topLevelDomain];
  if (part === 'registered_domain') return parts.registeredDomain ? [parts.registeredDomain] : [];
  return parts.subdomains;
}

/** Whether a written value agrees with the domain (case and a trailing dot aside; an empty subdomain when a reading allows it). */
export function agrees(parts: DomainParts, part: DomainPart, written: string): boolean {
  const value = written.trim().toLowerCase().replace(/\.$/, '');
  if (part === 'subdomain' && value === '') return parts.subdomains.length < 2;
  return acceptedValues(parts, part).includes(value);
}

/** One field write for a fix: a value, or undefined to remove the field. */
export interface PartWrite {
  path: string;
  value?: PlainScalar;
}

/** The writes as one edit of the event, each new key beside the side's domain. */
export function writeParts(ctx: RuleContext, writes: readonly PartWrite[]): TextEdit | undefined {
  return composeSteps(ctx.view, ctx.format, writes.map((w) => partStep(ctx, w)));
}

export function partStep(ctx: RuleContext, write: PartWrite): Step {
  const path = write.path.split('.');
  const beside = [...path.slice(0, -1), 'domain'].join('.');
  return (view) => {
    if (write.value !== undefined) return setScalar(view, ctx.format, path, write.value, { beside });
    const ref = view.get(write.path);
    return ref ? removeField(view, ctx.format, ref) : undefined;
  };
}

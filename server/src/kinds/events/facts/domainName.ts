// Splitting a domain by the Public Suffix List (psl), as the spec's domain-name rules require: never by counting labels.
import { ipVersion } from '../../../features/values/ipAddress';
import type * as Psl from 'psl';

let publicSuffixList: typeof Psl | undefined;

/** psl builds its list when loaded (memory kept, and more while it loads): only once a document has a domain name to check. */
function psl(): typeof Psl {
  publicSuffixList ??= require('psl') as typeof Psl;
  return publicSuffixList;
}

export interface DomainParts {
  /** The domain as checked: lower case, no trailing dot. */
  domain: string;
  /** The effective top-level domain (public suffix): `co.uk` for `www.example.co.uk`. */
  topLevelDomain: string;
  /** The highest registered domain: `example.co.uk`; undefined when the name is itself a public suffix. */
  registeredDomain?: string;
  /**
   * Every accepted value of `subdomain`: all names below the registered domain (`www.mail` for
   * `www.mail.example.com`, what log shippers write), and those names without the leftmost host name (`mail`).
   * Empty when there is nothing below the registered domain.
   */
  subdomains: string[];
}

/** The parts of a domain name, or undefined for an IP address, a bare host name or a name the list cannot parse. */
export function splitDomain(name: string): DomainParts | undefined {
  const domain = name.trim().toLowerCase().replace(/\.$/, '');
  if (domain === '' || ipVersion(domain.replace(/^\[|\]$/g, '')) !== 0 || !domain.includes('.')) return undefined;
  const parsed = psl().parse(domain);
  if ('error' in parsed && parsed.error) return undefined;
  if (!('tld' in parsed) || !parsed.tld) return undefined;
  const registeredDomain = parsed.domain ?? undefined;
  const below = parsed.subdomain ?? '';
  const subdomains = below === '' ? [] : [below];
  const withoutHost = below.split('.').slice(1).join('.');
  if (withoutHost !== '') subdomains.push(withoutHost);
  return { domain, topLevelDomain: parsed.tld, registeredDomain, subdomains };
}

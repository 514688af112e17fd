// psl ships types, but its package `exports` hide them from Node16 resolution; this declares what we use.
declare module 'psl' {
  export interface ParsedDomain {
    input: string;
    tld: string | null;
    sld: string | null;
    domain: string | null;
    subdomain: string | null;
    listed: boolean;
  }
  export interface ErrorResult {
    input: string;
    error: { message: string; code: string };
  }
  export function parse(domain: string): ParsedDomain | ErrorResult;
  export function get(domain: string): string | null;
  export function isValid(domain: string): boolean;
  const psl: { parse: typeof parse; get: typeof get; isValid: typeof isValid };
  export default psl;
}

// Which IP version a text is, by Node's own parser (node:net). Every IPv6 address has a colon: a text without one is
// not tried as IPv6, which spares a document with no IPv6 address the first compile of Node's large IPv6 expression
// (paid inside its first check otherwise, since domain names and host names are tried as IPs too).
import { isIPv4, isIPv6 } from 'node:net';

/** 4 or 6 for an IPv4 or IPv6 address (as `net.isIP` says), 0 for anything else. */
export function ipVersion(text: string): 0 | 4 | 6 {
  if (isIPv4(text)) return 4;
  return text.includes(':') && isIPv6(text) ? 6 : 0;
}

// What a raw address (`source.address`) is: an IP (IPv6 possibly in brackets), a domain name, a unix socket path, or neither.
import { ipVersion } from '../../../features/values/ipAddress';

export type AddressKind = { kind: 'ip'; ip: string } | { kind: 'domain' } | { kind: 'socket' } | { kind: 'other' };

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
const DOMAIN = new RegExp(`^${LABEL}(?:\\.${LABEL})*\\.?$`);
const MAC = /^[0-9A-Fa-f]{2}(?:[-:][0-9A-Fa-f]{2}){5,7}$/;

export function addressKind(value: string): AddressKind {
  const text = value.trim();
  const unbracketed = /^\[.*\]$/.test(text) ? text.slice(1, -1) : text;
  if (ipVersion(unbracketed) !== 0) return { kind: 'ip', ip: unbracketed };
  // Paths (`/var/run/app.sock`, abstract `@name`, `unix:` URLs, Windows pipes) are sockets; no domain holds / or \.
  if (/^(?:unix:|@)/i.test(text) || /[/\\]/.test(text)) return { kind: 'socket' };
  // Dotted digits that are no IP (`10.0.0.256`) and MAC addresses are not names.
  if (/^[\d.]+$/.test(text) || MAC.test(text)) return { kind: 'other' };
  return text.length <= 254 && DOMAIN.test(text) ? { kind: 'domain' } : { kind: 'other' };
}

// Pure notation helpers the notation, URL, process and custom-name rules share: how a value or a name should be
// written, computed from what was written (no event, no catalog).
import { BoundedMemo } from '../../document/boundedMemo';

/** A MAC address in RFC 7042 notation (`00-00-5E-00-53-23`), from colon, hyphen, dot (Cisco) or bare hex; undefined when it is none. */
export function toRfc7042(value: string): string | undefined {
  const text = value.trim();
  let octets: string[];
  if (/^[0-9A-Fa-f]{1,2}([:-][0-9A-Fa-f]{1,2})+$/.test(text)) {
    octets = text.split(/[:-]/).map((o) => o.padStart(2, '0'));
  } else {
    const hex = text.replace(/[.\s]/g, '');
    if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length % 2 !== 0) return undefined;
    octets = hex.match(/../g) ?? [];
  }
  // EUI-48 and EUI-64 only: RFC 7042 notation covers both.
  if (octets.length !== 6 && octets.length !== 8) return undefined;
  return octets.join('-').toUpperCase();
}

/** Hex digits without the separators fingerprints are often printed with (`AB:CD:…` -> `ABCD…`). */
export function bareHex(value: string): string | undefined {
  const hex = value.trim().replace(/[:\s-]/g, '');
  return /^[0-9A-Fa-f]+$/.test(hex) ? hex : undefined;
}

/** Whether a path is absolute: POSIX `/…`, Windows `C:\…` (or `C:/…`), or UNC `\\server\…`. */
export function isAbsolutePath(value: string): boolean {
  return /^\//.test(value) || /^[A-Za-z]:[\\/]/.test(value) || /^\\\\/.test(value);
}

/** The numeric part of a protocol version (`TLSv1.2` -> `1.2`); undefined when there is none. */
export function numericVersion(value: string): string | undefined {
  return /\d+(?:\.\d+)*/.exec(value)?.[0];
}

/** A name in lower-case snake case (`fooBar`, `my-tool`, `SHA3-512` -> `foo_bar`, `my_tool`, `sha3_512`); '' when nothing is left. */
export function snakeCase(name: string): string {
  const lead = /^_+/.exec(name)?.[0] ?? '';
  const body = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^_+|_+$/g, '');
  // A leading underscore is allowed by the naming rules and often meaningful (`_private`): it stays.
  return body ? lead + body : '';
}

/** A name the spec's naming rules accept: lower case, words joined with underscores, no other special characters. */
export function followsNamingRules(name: string): boolean {
  return /^[a-z0-9_]+$/.test(name);
}

/** A name written in lower case (its first letter is lower case, or it has no letter): capitalized names are the spec's collision-free custom names. */
export function isLowerCaseName(name: string): boolean {
  const letter = /\p{L}/u.exec(name)?.[0];
  return letter === undefined || letter === letter.toLowerCase();
}

/** An email address (`alice@example.com`), as a user identifier is recognised as one. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(value.trim());
}

/** `DOMAIN\name` split into its parts; undefined unless there is exactly one backslash with text on both sides. */
export function splitDomainName(value: string): { domain: string; name: string } | undefined {
  const match = /^([^\\]+)\\([^\\]+)$/.exec(value);
  if (!match || match[1].trim() === '' || match[2].trim() === '') return undefined;
  return { domain: match[1], name: match[2] };
}

/** A value in the case a field is written in. */
export function toCase(value: string, letterCase: 'lower' | 'upper'): string {
  return letterCase === 'lower' ? value.toLowerCase() : value.toUpperCase();
}

// Custom definitions bring their own patterns, and a definitions file edited while typing brings many: bounded.
const patterns = new BoundedMemo<RegExp>((pattern) => new RegExp(pattern, 'u'), 1000);

/** Whether a value matches a catalog `pattern` (compiled once per pattern). */
export function matchesPattern(pattern: string, value: string): boolean {
  return patterns.get(pattern).test(value);
}

// The codes of the notation, user-mapping, custom-field and derived-value rules, and the codes their tests look at.
import { BASE_CODES } from './diagnostics-fixture';

export const NOTATION_USER_CODES: readonly string[] = [
  'wrong-case', 'pattern-mismatch', 'tls-version-format', 'server-name-not-copied', 'url-notation', 'url-part-mismatch',
  'hash-name', 'not-allowed-child', 'args-count-mismatch', 'not-absolute-path', 'domain-user-name', 'email-identifier',
  'unnamespaced-custom-field', 'custom-name-style', 'normalized-message-mismatch', 'syslog-priority-mismatch',
];

/** These rules and the base ones they must not duplicate; other rules (related.*, domains, ...) have tests of their own. */
export const CODES: readonly string[] = [...BASE_CODES, ...NOTATION_USER_CODES];

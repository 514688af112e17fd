// tls-version-format: tls.version holding more than the numeric part of the version (`TLSv1.2` instead of `1.2`).
import { stringsAt } from '../eventValues';
import { numericVersion } from '../../../features/values/notation';
import { replacementFix } from '../replacementFix';
import type { Finding, Rule } from '../../../features/rule';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

const PATH = 'tls.version';

export const tlsVersionFormat: Rule = {
  code: 'tls-version-format',
  defaultSeverity: 'warning',
  title: 'tls.version is not only the numeric part',
  spec: 'Numeric part of the version',
  specSource: 'Document 2, TLS fields, tls.version',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    for (const { value, node } of stringsAt(ctx.view, PATH)) {
      if (/^\d+(?:\.\d+)*$/.test(value)) continue;
      const numeric = numericVersion(value);
      out.push(findingAt(valueSpan(node), {
        message: `${PATH} holds only the numeric part of the version${numeric ? `: ${quote(value)} should be ${quote(numeric)}` : `; found ${quote(value)}`} (the protocol name goes in tls.version_protocol)`,
        data: numeric === undefined ? undefined : { replacement: numeric },
      }));
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    return replacementFix(tlsVersionFormat.code, diagnostic, ctx, (value) => `Change to '${String(value)}'`);
  },
};

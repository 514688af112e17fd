// wrong-case: a value of a field the catalog writes in one case (`case: lower|upper`) written in another
// (`TCP` in network.transport, a lower-case TLS certificate hash). Fields with allowed values are invalid-value's.
import { matchesPattern, toCase } from '../../../features/values/notation';
import { replacementFix } from '../replacementFix';
import type { Finding, Rule } from '../../../features/rule';
import { elementsOf, findingAt, quote, valueSpan } from '../../../features/values/values';

export const wrongCase: Rule = {
  code: 'wrong-case',
  defaultSeverity: 'warning',
  title: 'Value not in the case of its field',
  spec: 'L7 protocol name; lower case. Transport layer keyword name (udp, tcp, ipv6-icmp ...); lower case. Network layer type (ipv4, ipv6, ipsec, pim ...); lower case. Application-level protocol name; normalized to lower case. TCP flags in the packet; lower case. Tunneled protocol, lower case, per the IANA ALPN registry. Lower-case protocol name. Uppercase SHA256 fingerprint',
  specSource: 'Document 2, Network fields: network.protocol, network.transport, network.type, network.application, network.tcp_flags; TLS fields: tls.next_protocol, tls.version_protocol, tls.client.hash.* and tls.server.hash.*',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    const infos = ctx.infosWith('field');
    for (let k = 0; k < infos.length; k++) {
      const info = infos[k];
      const field = info.field;
      // A list of allowed values (os.type) is invalid-value's, whose fix offers the value in the right case.
      if (info.status !== 'field' || !field?.case || field.allowed || !info.ref.value) continue;
      for (const element of elementsOf(info.ref.value)) {
        if (element.kind !== 'string') continue;
        const value = String(element.value);
        const fixed = toCase(value, field.case);
        if (fixed === value) continue;
        // When the case is not the only problem (`ab:cd:…` for a hash), pattern-mismatch reports it with a fix for both.
        if (field.pattern && !matchesPattern(field.pattern, fixed)) continue;
        out.push(findingAt(valueSpan(element), {
          message: `${info.path} is written in ${field.case} case: ${quote(value)} should be ${quote(fixed)}`,
          data: { replacement: fixed },
        }));
      }
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    return replacementFix(wrongCase.code, diagnostic, ctx, (value) => `Change to '${String(value)}'`);
  },
};

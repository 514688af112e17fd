// missing-network-protocol: a network event of type protocol without network.protocol.
import { hasStringAt, isPresent, stringsAt } from '../eventValues';
import type { Rule } from '../../../features/rule';
import { findingAt, valueSpan } from '../../../features/values/values';

export const missingNetworkProtocol: Rule = {
  code: 'missing-network-protocol',
  defaultSeverity: 'error',
  title: 'network.protocol missing on a protocol event',
  spec: 'When `event.category` contains network and `event.type` contains protocol, `network.protocol` MUST also be populated (with `network.type` and `network.transport` as available).',
  specSource: 'Document 1, Mapping guidance: network events, rule 6',
  scope: 'event',
  check(ctx) {
    const view = ctx.view;
    if (!hasStringAt(view, 'event.category', 'network')) return [];
    const protocol = stringsAt(view, 'event.type').find((t) => t.value === 'protocol');
    if (!protocol || isPresent(view, 'network.protocol')) return [];
    return [findingAt(valueSpan(protocol.node), { message: 'event.category contains network and event.type contains protocol, so network.protocol must be populated (the L7 protocol name, e.g. "http", "dns")' })];
  },
};

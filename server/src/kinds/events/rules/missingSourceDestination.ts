// missing-source-destination: client.* or server.* filled while source.* and destination.*, the baseline, are not.
// Source and destination may swap across a transaction, so each filled role needs one baseline side, not a fixed one.
import { holdsLeafUnder } from '../eventValues';
import type { Rule } from '../../../features/rule';
import { findingAt } from '../../../features/values/values';

const ROLES = ['client', 'server'] as const;
const BASELINE = ['source', 'destination'] as const;

export const missingSourceDestination: Rule = {
  code: 'missing-source-destination',
  defaultSeverity: 'warning',
  title: 'client/server without source/destination',
  spec: 'Client/server fields are generally not populated for packet-level events. They are usually populated together with source/destination, which must still be filled.',
  specSource: 'Document 1, Client, Server, Source, Destination fields; Mapping guidance: network events, rules 1 and 2',
  scope: 'event',
  check(ctx) {
    const view = ctx.view;
    // Most events have no client or server at all: said by the index, without collecting leaves.
    if (!view.holds('client') && !view.holds('server')) return [];
    const roles = ROLES.filter((name) => holdsLeafUnder(view, name));
    if (roles.length === 0) return [];
    const baseline = BASELINE.filter((name) => holdsLeafUnder(view, name));
    if (baseline.length >= roles.length) return [];
    const missing = BASELINE.filter((name) => !baseline.includes(name));
    const key = view.refs.find((ref) => ref.first === 0 && ref.nameAt(0) === roles[0]);
    if (!key) return [];
    const filled = roles.map((r) => `${r}.*`).join(' and ');
    const lacking = roles.length === 2 ? missing.map((m) => `${m}.*`).join(' and ') : `${missing.map((m) => `${m}.*`).join(' or ')}`;
    return [findingAt(key.segments[0], {
      message: `${filled} ${roles.length === 2 ? 'are' : 'is'} filled but ${lacking} ${roles.length === 2 && missing.length === 2 ? 'are' : 'is'} not; client and server values are copies of source and destination, which must still be filled`,
    })];
  },
};

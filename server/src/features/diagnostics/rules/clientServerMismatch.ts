// client-server-mismatch: a client.* or server.* value that is not the copy of its source/destination counterpart.
// Source and destination may swap across the events of a transaction, so client may mirror source or destination;
// the pair must do so consistently (client = source with server = destination, or client = destination with server = source).
import type { EventView } from '../../../document/fieldRefs';
import type { ValueNode } from '../../../document/model';
import { leavesUnder } from '../eventValues';
import type { Finding, Rule } from '../rule';
import { elementsOf, findingAt, valueSpan } from '../values';

/** Values compared without regard to case: addresses and names are case-insensitive. */
const CASELESS = new Set(['ip', 'address', 'domain', 'mac', 'registered_domain', 'subdomain', 'top_level_domain']);

type Role = 'client' | 'server';
type Baseline = 'source' | 'destination';

const ORIENTATIONS: ReadonlyArray<ReadonlyArray<readonly [Role, Baseline]>> = [
  [['client', 'source'], ['server', 'destination']],
  [['client', 'destination'], ['server', 'source']],
];

interface Leaf {
  canonical: string;
  node: ValueNode;
}

interface Conflict {
  role: Role;
  baseline: Baseline;
  field: string;
  mine: Leaf;
  theirs: Leaf;
}

export const clientServerMismatch: Rule = {
  code: 'client-server-mismatch',
  defaultSeverity: 'warning',
  title: 'client/server values differ from source/destination',
  spec: 'When roles are known, `client.*` and `server.*` are filled additionally, with the same values copied from source/destination respectively (client = initiator, server = responder). Across the events of one transaction, source and destination may swap; client and server normally do not.',
  specSource: 'Document 1, Mapping guidance: network events, rules 2 and 3',
  check(ctx) {
    const view = ctx.view;
    if (!view.holds('client') && !view.holds('server')) return [];
    const client = leaves(view, 'client');
    const server = leaves(view, 'server');
    // Without client and server values there is nothing to compare (most events).
    if (client.size === 0 && server.size === 0) return [];
    const sides = new Map([['client', client], ['server', server], ['source', leaves(view, 'source')], ['destination', leaves(view, 'destination')]]);
    const candidates = ORIENTATIONS.map((pairs) => pairs.flatMap(([role, baseline]) => conflicts(role, baseline, sides.get(role), sides.get(baseline))));
    if (candidates.some((list) => list.length === 0)) return [];
    const best = candidates.reduce((a, b) => (b.length < a.length ? b : a));
    return best.map((c): Finding => findingAt(valueSpan(c.mine.node), {
      message: `${c.role}.${c.field} ${shown(view, c.mine.node)} differs from ${c.baseline}.${c.field} ${shown(view, c.theirs.node)}; client and server hold copies of the source and destination values (or of destination and source, when they swapped)`,
    }));
  },
};

function leaves(view: EventView, name: string): Map<string, Leaf> {
  const out = new Map<string, Leaf>();
  for (const ref of leavesUnder(view, name)) {
    const field = ref.path.slice(1).join('.');
    if (out.has(field) || !ref.value) continue;
    const caseless = CASELESS.has(ref.path[ref.path.length - 1]);
    const values = elementsOf(ref.value).map((n) => {
      const v = n.kind === 'object' || n.kind === 'array' || n.kind === 'invalid' ? n.kind : n.value;
      return caseless && typeof v === 'string' ? v.toLowerCase() : v;
    });
    out.set(field, { canonical: JSON.stringify(values), node: ref.value });
  }
  return out;
}

function conflicts(role: Role, baseline: Baseline, mine: Map<string, Leaf> | undefined, theirs: Map<string, Leaf> | undefined): Conflict[] {
  if (!mine || !theirs) return [];
  const out: Conflict[] = [];
  for (const [field, leaf] of mine) {
    const other = theirs.get(field);
    if (other && other.canonical !== leaf.canonical) out.push({ role, baseline, field, mine: leaf, theirs: other });
  }
  return out;
}

function shown(view: EventView, node: ValueNode): string {
  const text = view.text.slice(node.start, node.end).replace(/\s+/g, ' ');
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

// client-server-mismatch: a client.* or server.* value that is not the copy of its source/destination counterpart.
// Source and destination may swap across the events of a transaction, so client may mirror source or destination;
// the pair must do so consistently (client = source with server = destination, or client = destination with server = source).
import type { EventView } from '../../../document/fieldRefs';
import type { ValueNode } from '../../../document/model';
import { leavesUnder } from '../eventValues';
import type { Finding, Rule } from '../../../features/rule';
import { elementsOf, findingAt, shortened, valueSpan } from '../../../features/values/values';

/** Values compared without regard to case: addresses and names are case-insensitive. */
const CASELESS = new Set(['ip', 'address', 'domain', 'mac', 'registered_domain', 'subdomain', 'top_level_domain']);

type Role = 'client' | 'server';
type Baseline = 'source' | 'destination';

const ORIENTATIONS: ReadonlyArray<ReadonlyArray<readonly [Role, Baseline]>> = [
  [['client', 'source'], ['server', 'destination']],
  [['client', 'destination'], ['server', 'source']],
];

interface Leaf {
  /** The values compared (`canonicalOf`), made only for a field both sides write. */
  canonical: string | undefined;
  caseless: boolean;
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
  scope: 'event',
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
  const refs = leavesUnder(view, name);
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i];
    // The path below the root name, from the joined path: no path array per key.
    const field = ref.joinedPath.slice(name.length + 1);
    if (out.has(field) || !ref.value) continue;
    out.set(field, { canonical: undefined, caseless: CASELESS.has(ref.lastName), node: ref.value });
  }
  return out;
}

/** The leaf's values as compared: case folded where case does not matter, arrays element by element. */
function canonicalOf(leaf: Leaf): string {
  if (leaf.canonical !== undefined) return leaf.canonical;
  const values = elementsOf(leaf.node).map((n) => {
    const v = n.kind === 'object' || n.kind === 'array' || n.kind === 'invalid' ? n.kind : n.value;
    return leaf.caseless && typeof v === 'string' ? v.toLowerCase() : v;
  });
  return (leaf.canonical = JSON.stringify(values));
}

function conflicts(role: Role, baseline: Baseline, mine: Map<string, Leaf> | undefined, theirs: Map<string, Leaf> | undefined): Conflict[] {
  if (!mine || !theirs || mine.size === 0 || theirs.size === 0) return [];
  const out: Conflict[] = [];
  // forEach, not for-of over entries: no [field, leaf] pair per entry.
  mine.forEach((leaf, field) => {
    const other = theirs.get(field);
    if (other && canonicalOf(other) !== canonicalOf(leaf)) out.push({ role, baseline, field, mine: leaf, theirs: other });
  });
  return out;
}

function shown(view: EventView, node: ValueNode): string {
  const text = view.text.slice(node.start, node.end).replace(/\s+/g, ' ');
  return shortened(text, 40);
}

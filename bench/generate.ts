// Benchmark documents, seeded so every run sees the same text, as one JSON array and as the same events in
// multi-document YAML. Two kinds: `clean`, realistic hand-shaped events (network, authentication, process, web, alert)
// with a few injected errors; `dense`, events composed of random schema fields as other tools produce them, 1% of
// leaf values wrong, so that cross-field rules fire everywhere. Also the positions where the bench asks for
// completion (at every depth, the top level of an event included) and hover, and the edit it makes.
import { stringify } from 'yaml';
import type { Catalog, FieldDefinition } from '../server/src/catalog/types';

export type BenchFormat = 'json' | 'yaml';
export type BenchKind = 'clean' | 'dense';

export interface Probe {
  /** Document offset. */
  offset: number;
  /** What is there, for the record (`source.port key`). */
  what: string;
  /** Nesting of the object the caret is in: 0 for the top level of an event. */
  depth: number;
}

export interface BenchDocument {
  name: string;
  kind: BenchKind;
  format: BenchFormat;
  text: string;
  events: number;
  /** Key positions inside nested objects (completion there offers the object's fields). */
  completions: Probe[];
  /** Positions inside keys (hover there documents the field). */
  hovers: Probe[];
  /** An edit in the middle event that adds one type error: a port number replaced by a string. */
  edit: { start: number; end: number; text: string };
  injected: string[];
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
type Event = Record<string, unknown>;

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];
const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
/** An address in a /8 or /16 network: `net` gives the leading octets. */
const ipv4 = (rng: Rng, net = '10'): string => {
  const octets = net.split('.');
  while (octets.length < 3) octets.push(String(int(rng, 0, 255)));
  return `${octets.join('.')}.${int(rng, 1, 254)}`;
};

const users = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy'];
const hosts = ['web-01', 'web-02', 'db-01', 'cache-01', 'build-07', 'vpn-gw', 'mail-01', 'kube-node-3'];
const cities: Array<[string, string, string, number, number]> = [
  ['Paris', 'FR', 'France', 48.8566, 2.3522], ['Berlin', 'DE', 'Germany', 52.52, 13.405],
  ['Montreal', 'CA', 'Canada', 45.5017, -73.5673], ['Osaka', 'JP', 'Japan', 34.6937, 135.5023],
  ['Lagos', 'NG', 'Nigeria', 6.5244, 3.3792], ['Lima', 'PE', 'Peru', -12.0464, -77.0428],
];
const processes = [
  ['/usr/bin/ssh', 'ssh', ['/usr/bin/ssh', '-p', '22', 'deploy@10.0.0.5']],
  ['/usr/sbin/nginx', 'nginx', ['/usr/sbin/nginx', '-g', 'daemon off;']],
  ['/usr/bin/python3', 'python3', ['/usr/bin/python3', '/opt/app/worker.py', '--queue', 'default']],
  ['/bin/bash', 'bash', ['/bin/bash', '-c', 'tar czf /tmp/backup.tgz /var/lib/app']],
] as const;
const paths = ['/', '/login', '/api/v1/orders', '/api/v1/orders/42', '/static/app.js', '/healthz', '/admin'];
const methods = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'];
const agents = ['Mozilla/5.0 (X11; Linux x86_64) Firefox/89.0', 'curl/7.68.0', 'Go-http-client/1.1', 'python-requests/2.25.1'];

function base(rng: Rng, i: number, kind: string, category: string, type: string[]): Event {
  const host = pick(rng, hosts);
  const hostIp = ipv4(rng, '10');
  return {
    '@timestamp': new Date(Date.UTC(2021, 4, 4, 0, 0, 0) + i * 1370 + int(rng, 0, 999)).toISOString(),
    schema: { version: '1.11.0' },
    event: {
      kind,
      category: [category],
      type,
      dataset: `${category}.log`,
      sequence: i,
      duration: int(rng, 1000, 9_000_000),
      ...(kind === 'alert' ? {} : { outcome: pick(rng, ['success', 'success', 'success', 'failure']) }),
    },
    host: { hostname: host, name: host, ip: [hostIp], os: { family: 'debian', name: 'Debian GNU/Linux', version: '11' } },
    related: { hosts: [host], ip: [hostIp] },
    labels: { env: pick(rng, ['prod', 'staging']), team: pick(rng, ['payments', 'platform', 'search']) },
    tags: [pick(rng, ['ingested', 'forwarded', 'sampled'])],
  };
}

function geo(rng: Rng): Event {
  const [city_name, country_iso_code, country_name, lat, lon] = pick(rng, cities);
  return { city_name, country_iso_code, country_name, location: { lat, lon } };
}

function networkEvent(rng: Rng, i: number): Event {
  const e = base(rng, i, 'event', 'network', ['connection', 'start']);
  const src = ipv4(rng, '203.0');
  const dst = ipv4(rng, '10');
  const sent = int(rng, 40, 90000);
  const received = int(rng, 40, 900000);
  e.source = { ip: src, port: int(rng, 1024, 65535), bytes: sent, packets: int(rng, 1, 400), geo: geo(rng) };
  e.destination = { ip: dst, port: pick(rng, [22, 53, 80, 443, 5432, 6379]), bytes: received };
  e.network = { transport: pick(rng, ['tcp', 'udp']), type: 'ipv4', direction: pick(rng, ['inbound', 'outbound', 'internal']), bytes: sent + received };
  e.related = { ...(e.related as Event), ip: [...(e.related as { ip: string[] }).ip, src, dst] };
  e.message = `connection from ${src} to ${dst}`;
  return e;
}

function authenticationEvent(rng: Rng, i: number): Event {
  const e = base(rng, i, 'event', 'authentication', ['start']);
  const user = pick(rng, users);
  const src = ipv4(rng, '198.51');
  e.user = { name: user, id: String(int(rng, 1000, 9999)), domain: 'corp' };
  e.source = { ip: src, port: int(rng, 1024, 65535), geo: geo(rng) };
  e.related = { ...(e.related as Event), ip: [...(e.related as { ip: string[] }).ip, src], user: [user] };
  e.message = `Accepted publickey for ${user} from ${src}`;
  return e;
}

function processEvent(rng: Rng, i: number): Event {
  const e = base(rng, i, 'event', 'process', ['start']);
  const [executable, name, args] = pick(rng, processes);
  e.process = {
    pid: int(rng, 300, 99999), name, executable, args: [...args], args_count: args.length,
    parent: { pid: int(rng, 1, 3000), name: 'systemd' }, working_directory: '/',
  };
  const user = pick(rng, ['root', 'www-data', 'deploy']);
  e.user = { name: user };
  e.related = { ...(e.related as Event), user: [user] };
  e.message = `${name} started`;
  return e;
}

function webEvent(rng: Rng, i: number): Event {
  const e = base(rng, i, 'event', 'web', ['access']);
  const path = pick(rng, paths);
  const src = ipv4(rng, '192.0');
  e.source = { ip: src, port: int(rng, 1024, 65535) };
  e.url = { path, original: path, domain: 'shop.example.com', registered_domain: 'example.com', top_level_domain: 'com', subdomain: 'shop', scheme: 'https' };
  e.http = { request: { method: pick(rng, methods), bytes: int(rng, 100, 4000) }, response: { status_code: pick(rng, [200, 200, 200, 301, 404, 500]), bytes: int(rng, 200, 90000) }, version: '1.1' };
  e.user_agent = { original: pick(rng, agents) };
  e.related = { ...(e.related as Event), ip: [...(e.related as { ip: string[] }).ip, src], hosts: [...(e.related as { hosts: string[] }).hosts, 'shop.example.com'] };
  e.message = `${(e.http as { request: { method: string } }).request.method} ${path}`;
  return e;
}

function alertEvent(rng: Rng, i: number): Event {
  const e = base(rng, i, 'alert', 'intrusion_detection', ['info']);
  const src = ipv4(rng, '203.0');
  e.source = { ip: src, port: int(rng, 1024, 65535) };
  e.destination = { ip: ipv4(rng, '10'), port: 443 };
  e.rule = { id: String(int(rng, 2000000, 2999999)), name: pick(rng, ['ET SCAN Nmap', 'ET POLICY curl UA', 'ET WEB SQL injection']), category: 'Attempted Information Leak' };
  const dst = (e.destination as { ip: string }).ip;
  e.related = { ...(e.related as Event), ip: [...(e.related as { ip: string[] }).ip, src, dst] };
  e.message = 'IDS alert';
  return e;
}

const makers = [networkEvent, authenticationEvent, processEvent, webEvent, alertEvent, networkEvent];

/** Events until their JSON array reaches `bytes`; a few carry an injected error. */
function makeEvents(bytes: number, seed: number): { events: Event[]; injected: string[] } {
  const rng = random(seed);
  const events: Event[] = [];
  let size = 2;
  while (size < bytes) {
    const event = makers[events.length % makers.length](rng, events.length);
    events.push(event);
    size += JSON.stringify(event, null, 2).length + 4;
  }
  const injected: string[] = [];
  const at = (fraction: number): Event => events[Math.floor(events.length * fraction)];
  // An unknown field under a defined set, a type mismatch, a value outside the allowed list, a missing timestamp.
  (at(0.1).event as Event).kindd = 'event';
  injected.push('unknown-field event.kindd');
  const withSource = events.find((e, k) => k > events.length * 0.3 && e.source) as Event;
  (withSource.source as Event).port = 'eighty';
  injected.push('type-mismatch source.port');
  (at(0.7).event as Event).kind = 'surprise';
  injected.push('invalid-value event.kind');
  delete at(0.9)['@timestamp'];
  injected.push('missing-required @timestamp');
  return { events, injected };
}

function jsonText(events: Event[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '[\n';
  events.forEach((event, k) => {
    const body = JSON.stringify(event, null, 2).replace(/\n/g, '\n  ');
    text += '  ';
    starts.push(text.length);
    text += body + (k + 1 < events.length ? ',\n' : '\n');
  });
  return { text: `${text}]\n`, starts };
}

function yamlText(events: Event[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  for (const event of events) {
    text += '---\n';
    starts.push(text.length);
    text += stringify(event, { lineWidth: 0 });
  }
  return { text, starts };
}

/** Offset of the first `needle` at or after `from`, before `to`; -1 when absent. */
function find(text: string, needle: string, from: number, to: number): number {
  const at = text.indexOf(needle, from);
  return at >= 0 && at < to ? at : -1;
}

/** Completion depths the bench probes: the top level of an event, inside an object, inside an object's object. */
export const PROBE_DEPTHS = [0, 1, 2] as const;

/**
 * Offset of the first plain key (`name`, not `@timestamp`, which YAML quotes) of the object at `path` inside the event
 * at `start` (`path` empty: the event's root), found by its indentation, which says its depth (the JSON array indents
 * events by 2, JSON.stringify and the `yaml` stringifier each level by 2); -1 when the event has no such object.
 */
function firstKeyOf(text: string, format: BenchFormat, start: number, end: number, path: readonly string[]): number {
  const indent = (depth: number): number => (format === 'json' ? 4 + 2 * depth : 2 * depth);
  const keyOf = (name: string, depth: number): string => `\n${' '.repeat(indent(depth))}${format === 'json' ? `"${name}":` : `${name}:`}`;
  // `at` is the newline before the current object's key line (the event's first line for the root).
  let at = format === 'json' ? text.indexOf('\n', start) : start - 1;
  for (let depth = 0; depth < path.length; depth++) {
    at = find(text, keyOf(path[depth], depth), at, end);
    if (at < 0) return -1;
    at = text.indexOf('\n', at + 1);
  }
  const want = indent(path.length);
  for (let line = at; line >= 0 && line < end; line = text.indexOf('\n', line + 1)) {
    let column = 0;
    while (text[line + 1 + column] === ' ') column++;
    if (column < want) return -1;
    if (column > want) continue;
    const key = line + 1 + column;
    if (format === 'json' ? /"[a-z]/.test(text.slice(key, key + 2)) : /[a-z]/.test(text[key])) return format === 'json' ? key + 1 : key;
  }
  return -1;
}

/** The path of an object `depth` levels down in the event (its first such object), undefined when there is none. */
function objectPath(event: Event, depth: number): string[] | undefined {
  if (depth === 0) return [];
  for (const [name, value] of Object.entries(event)) {
    if (!isPlainObject(value) || !/^[a-z_]+$/.test(name)) continue;
    const below = objectPath(value, depth - 1);
    if (below) return [name, ...below];
  }
  return undefined;
}

const isPlainObject = (value: unknown): value is Event => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `seed` picks the events: the bench's documents use their size, so every run measures the same text. */
export function benchDocument(format: BenchFormat, label: string, bytes: number, probes: number, seed = bytes, kind: BenchKind = 'clean', catalog?: Catalog): BenchDocument {
  if (kind === 'dense' && !catalog) throw new Error('dense documents are composed from the catalog: pass one');
  const { events, injected } = kind === 'dense' ? denseEvents(catalog!, bytes, seed) : makeEvents(bytes, seed);
  const { text, starts } = format === 'json' ? jsonText(events) : yamlText(events);
  const key = (name: string): string => (format === 'json' ? `"${name}":` : `${name}:`);
  const endOf = (k: number): number => (k + 1 < starts.length ? starts[k + 1] : text.length);
  const completions: Probe[] = [];
  const hovers: Probe[] = [];
  // Spread the probes over the whole document, at every depth in turn: the first key of an object of that depth.
  for (let p = 0; p < probes; p++) {
    const depth = PROBE_DEPTHS[p % PROBE_DEPTHS.length];
    for (let k = Math.floor(((p + 0.5) * events.length) / probes); k < events.length; k++) {
      const path = objectPath(events[k], depth);
      const offset = path ? firstKeyOf(text, format, starts[k], endOf(k), path) : -1;
      if (offset < 0) continue;
      completions.push({ offset, what: `the first key of ${path!.length ? path!.join('.') : 'the event'}`, depth });
      break;
    }
    // Hover in the middle of a key: source.ip in clean events, the first key of the first object in dense ones.
    for (let k = Math.floor(((p + 0.5) * events.length) / probes); k < events.length; k++) {
      const path = kind === 'clean' ? (events[k].source ? ['source'] : undefined) : objectPath(events[k], 1);
      const offset = path ? firstKeyOf(text, format, starts[k], endOf(k), path) : -1;
      if (offset < 0) continue;
      hovers.push({ offset: offset + 1, what: `a key inside ${path!.join('.')}`, depth: 1 });
      break;
    }
  }
  const middle = Math.floor(events.length / 2);
  let edit: BenchDocument['edit'] | undefined;
  for (let k = middle; k < events.length && !edit; k++) {
    const destination = find(text, key('destination'), starts[k], endOf(k));
    const port = destination >= 0 ? find(text, key('port'), destination, endOf(k)) : -1;
    if (port < 0) continue;
    const valueStart = port + key('port').length + 1;
    const valueEnd = text.slice(valueStart).search(/[,\n]/) + valueStart;
    edit = { start: valueStart, end: valueEnd, text: '"https"' };
  }
  if (!edit) throw new Error(`no event with destination.port after the middle of ${label}`);
  const name = `bench-${kind === 'dense' ? 'dense-' : ''}${label}.${format === 'json' ? 'json' : 'yaml'}`;
  return { name, kind, format, text, events: events.length, completions, hovers, edit, injected };
}

// ---------- dense documents ----------

/** Fields per dense event: about 2.5 KB of pretty-printed JSON each, as the issue's 404 events per MB. */
const DENSE_FIELDS = 48;
/** Share of leaf values made wrong (a type or an allowed value broken). */
const WRONG_SHARE = 0.01;

/** Leaf fields an event may hold (object-typed, open and deprecated ones left out: tools do not write those). */
function leafFields(catalog: Catalog): FieldDefinition[] {
  return catalog.fields().filter((f) => f.type !== 'object' && !f.open && f.deprecated === undefined && f.path !== '@timestamp');
}

const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];

/** A plausible value for the field, by its type and allowed or recommended values (wrong ones are made elsewhere). */
function valueFor(rng: Rng, field: FieldDefinition, i: number): unknown {
  const one = (): unknown => {
    if (field.allowed?.length) return pick(rng, field.allowed);
    if (field.recommended?.length) return pick(rng, field.recommended);
    if (field.example !== undefined && typeof field.example !== 'object' && rng() < 0.5) return field.example;
    switch (field.type) {
      case 'long': case 'integer': return int(rng, field.min ?? 0, field.max ?? 65535);
      case 'float': case 'half_float': case 'scaled_float': return Math.round(rng() * 100000) / 100;
      case 'date': return new Date(Date.UTC(2021, 4, 4) + i * 1370 + int(rng, 0, 99999)).toISOString();
      case 'ip': return ipv4(rng, pick(rng, ['10', '192.168', '203.0']));
      case 'boolean': return rng() < 0.5;
      case 'geo_point': return { lat: Math.round(rng() * 18000 - 9000) / 100, lon: Math.round(rng() * 36000 - 18000) / 100 };
      case 'text': return `${pick(rng, words)} ${pick(rng, words)} ${pick(rng, words)}`;
      default: return field.case === 'upper' ? pick(rng, words).toUpperCase() : `${pick(rng, words)}-${int(rng, 1, 99)}`;
    }
  };
  return field.array ? [one()] : one();
}

/** A value of the wrong kind for the field: a string where a number goes, a number where a string goes, an unknown allowed value. */
function wrongValueFor(field: FieldDefinition): unknown {
  if (field.allowed?.length) return 'not-an-allowed-value';
  switch (field.type) {
    case 'long': case 'integer': case 'float': case 'half_float': case 'scaled_float': return 'many';
    case 'boolean': return 'yes';
    case 'ip': return 'not.an.ip';
    case 'date': return 'yesterday';
    default: return 12345;
  }
}

/** Sets `value` at the dotted path, unless a scalar already sits on the way (a field that is also a parent). */
function setPath(event: Event, path: string, value: unknown): boolean {
  const segments = path.split('.');
  let node = event;
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment];
    if (next === undefined) node = node[segment] = {};
    else if (isPlainObject(next)) node = next;
    else return false;
  }
  const last = segments[segments.length - 1];
  if (node[last] !== undefined) return false;
  node[last] = value;
  return true;
}

/** Events of random schema fields until their JSON array reaches `bytes`; 1% of the leaf values are wrong. */
function denseEvents(catalog: Catalog, bytes: number, seed: number): { events: Event[]; injected: string[] } {
  const rng = random(seed);
  const fields = leafFields(catalog);
  const events: Event[] = [];
  let wrong = 0;
  let leaves = 0;
  let size = 2;
  while (size < bytes) {
    const i = events.length;
    const event: Event = { '@timestamp': new Date(Date.UTC(2021, 4, 4) + i * 1370).toISOString() };
    // Every event has a valid destination.port: the bench's edit turns one into a type error.
    setPath(event, 'destination.port', int(rng, 1, 65535));
    for (let n = 0; n < DENSE_FIELDS; n++) {
      const field = pick(rng, fields);
      const bad = rng() < WRONG_SHARE;
      if (setPath(event, field.path, bad ? wrongValueFor(field) : valueFor(rng, field, i))) {
        leaves++;
        if (bad) wrong++;
      }
    }
    events.push(event);
    size += JSON.stringify(event, null, 2).length + 4;
  }
  return { events, injected: [`${wrong} of ${leaves} leaf values wrong`] };
}

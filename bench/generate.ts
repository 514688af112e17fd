// Benchmark documents: realistic, varied events (network, authentication, process, web, DNS, file), seeded so every
// run sees the same text, as one JSON array and as the same events in multi-document YAML, with a few injected
// errors. Also the positions where the bench asks for completion and hover, and the edit it makes.
import { stringify } from 'yaml';

export type BenchFormat = 'json' | 'yaml';

export interface Probe {
  /** Document offset. */
  offset: number;
  /** What is there, for the record (`source.port key`). */
  what: string;
}

export interface BenchDocument {
  name: string;
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

/** `seed` picks the events: the bench's documents use their size, so every run measures the same text. */
export function benchDocument(format: BenchFormat, label: string, bytes: number, probes: number, seed = bytes): BenchDocument {
  const { events, injected } = makeEvents(bytes, seed);
  const { text, starts } = format === 'json' ? jsonText(events) : yamlText(events);
  const key = (name: string): string => (format === 'json' ? `"${name}":` : `${name}:`);
  const endOf = (k: number): number => (k + 1 < starts.length ? starts[k + 1] : text.length);
  const completions: Probe[] = [];
  const hovers: Probe[] = [];
  // Spread the probes over the whole document: in events that have a `source` object.
  for (let p = 0; p < probes; p++) {
    for (let k = Math.floor(((p + 0.5) * events.length) / probes); k < events.length; k++) {
      const source = find(text, key('source'), starts[k], endOf(k));
      const port = source >= 0 ? find(text, key('port'), source, endOf(k)) : -1;
      const ip = source >= 0 ? find(text, key('ip'), source, endOf(k)) : -1;
      if (port < 0 || ip < 0) continue;
      // Completion at the start of a key name inside `source`; hover in the middle of the key `ip`.
      completions.push({ offset: port + (format === 'json' ? 1 : 0), what: 'a key inside source' });
      hovers.push({ offset: ip + (format === 'json' ? 2 : 1), what: 'the key source.ip' });
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
  return { name: `bench-${label}.${format === 'json' ? 'json' : 'yaml'}`, format, text, events: events.length, completions, hovers, edit, injected };
}

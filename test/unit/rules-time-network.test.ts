// The spec's timestamp, categorization, network-mapping, address and domain-name rules as a user meets them:
// each fires on a minimal bad event and stays silent on correct ones, in JSON, NDJSON and YAML documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Severity } from '../../server/src/features/types';
import { applyEdits, check, Event, fixesFor, FORMATS, readBack, render } from '../helpers/ruleCases';
import { timezoneVerdict } from '../../server/src/kinds/events/rules/timezoneFormat';

const stamp = '2026-05-01T10:00:00Z';
const base: Event = { '@timestamp': stamp, schema: { version: '1.11.0' } };
const ev = (fields: Event): Event => ({ ...base, ...fields });

interface Case {
  code: string;
  severity: Severity;
  name: string;
  bad: Event;
  /** What each diagnostic underlines (quotes aside), in document order. */
  underlined?: string[];
  /** How many diagnostics, when `underlined` is not given. */
  count?: number;
  /** Patterns that some message of the bad event must match. */
  messages?: RegExp[];
  good: Event[];
}

const cases: Case[] = [
  // ---------------------------------------------------------------- timestamps
  {
    code: 'timestamp-order',
    severity: 'warning',
    name: 'event.created one nanosecond before @timestamp',
    bad: ev({ '@timestamp': '2026-05-01T10:00:00.000000002Z', event: { created: '2026-05-01T10:00:00.000000001Z' } }),
    underlined: ['2026-05-01T10:00:00.000000001Z'],
    good: [
      ev({ '@timestamp': '2026-05-01T10:00:00.000000002Z', event: { created: '2026-05-01T10:00:00.000000003Z', ingested: '2026-05-01T10:00:01Z' } }),
      // Equal at the millisecond precision written: nothing says they are out of order.
      ev({ '@timestamp': '2026-05-01T10:00:00.123456789Z', event: { created: '2026-05-01T10:00:00.123Z' } }),
    ],
  },
  {
    code: 'timestamp-order',
    severity: 'warning',
    name: 'event.ingested before event.created; epoch milliseconds and zone offsets read as instants',
    bad: ev({ '@timestamp': '2026-05-01T12:00:00+02:00', event: { created: Date.UTC(2026, 4, 1, 10, 0, 5), ingested: '2026-05-01T10:00:04Z' } }),
    underlined: ['2026-05-01T10:00:04Z'],
    good: [ev({ '@timestamp': '2026-05-01T12:00:00+02:00', event: { created: Date.UTC(2026, 4, 1, 10, 0, 5), ingested: '2026-05-01T10:00:06Z' } })],
  },
  {
    code: 'timestamp-order',
    severity: 'warning',
    name: 'event.ingested before @timestamp without event.created',
    bad: ev({ event: { ingested: '2026-05-01T09:59:59Z' } }),
    underlined: ['2026-05-01T09:59:59Z'],
    good: [ev({ event: { ingested: '2026-05-01T10:00:01Z' } })],
  },
  {
    code: 'redundant-event-created',
    severity: 'hint',
    name: 'event.created the same instant as @timestamp, written differently',
    bad: ev({ event: { created: '2026-05-01T12:00:00.000+02:00' } }),
    underlined: ['2026-05-01T12:00:00.000+02:00'],
    good: [ev({ event: { created: '2026-05-01T10:00:00.001Z' } }), ev({ event: { kind: 'event' } })],
  },
  {
    code: 'duration-mismatch',
    severity: 'warning',
    name: 'event.duration one nanosecond off at nanosecond precision',
    bad: ev({ event: { start: '2026-05-01T10:00:00.000000001Z', end: '2026-05-01T10:00:01.500000002Z', duration: 1500000000 } }),
    underlined: ['1500000000'],
    messages: [/1500000001 ns/],
    good: [
      ev({ event: { start: '2026-05-01T10:00:00.000000001Z', end: '2026-05-01T10:00:01.500000002Z', duration: 1500000001 } }),
      // Millisecond timestamps: any duration within the milliseconds written fits.
      ev({ event: { start: '2026-05-01T10:00:00.000Z', end: '2026-05-01T10:00:01.500Z', duration: 1500000123 } }),
      ev({ event: { start: '2026-05-01T10:00:00Z', duration: 5 } }),
    ],
  },
  {
    code: 'duration-mismatch',
    severity: 'warning',
    name: 'event.end before event.start',
    bad: ev({ event: { start: '2026-05-01T10:00:01Z', end: '2026-05-01T10:00:00Z', duration: 1000000000 } }),
    underlined: ['1000000000'],
    messages: [/earlier than event\.start/],
    good: [ev({ event: { start: '2026-05-01T10:00:00Z', end: '2026-05-01T10:00:01Z', duration: 1000000000 } })],
  },
  {
    code: 'dataset-form',
    severity: 'hint',
    name: 'event.dataset without a module part',
    bad: ev({ event: { dataset: 'access' } }),
    underlined: ['access'],
    good: [ev({ event: { dataset: 'nginx.access' } }), ev({ event: { module: 'nginx' } })],
  },
  {
    code: 'dataset-module-mismatch',
    severity: 'information',
    name: 'event.dataset naming another module than event.module',
    bad: ev({ event: { dataset: 'apache.access', module: 'nginx' } }),
    underlined: ['apache.access'],
    good: [ev({ event: { dataset: 'nginx.access', module: 'nginx' } }), ev({ event: { dataset: 'aws.s3.access', module: 'aws.s3' } }), ev({ event: { dataset: 'apache.access' } })],
  },
  ...['Paris', 'Europe/Pariss', 'GMT+2', '+2', '02:00', '+25:00', 'europe/paris', 'delta-29', 'UTC+1'].map((zone): Case => ({
    code: 'timezone-format',
    severity: 'warning',
    name: `event.timezone ${JSON.stringify(zone)}`,
    bad: ev({ event: { timezone: zone } }),
    underlined: [zone],
    good: ['Europe/Paris', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT-2', 'EST', 'CEST', '+02:00', '-0530', '-05:30', 'EST5EDT', 'pst8pdt', 'GMT0', 'Etc/GMT+5'].map((z) => ev({ event: { timezone: z } })),
  })),
  // ---------------------------------------------------------------- categorization
  {
    code: 'missing-network-protocol',
    severity: 'error',
    name: 'network protocol event without network.protocol',
    bad: ev({ event: { kind: 'event', category: ['network'], type: ['connection', 'protocol'] } }),
    underlined: ['protocol'],
    good: [
      ev({ event: { kind: 'event', category: ['network'], type: ['connection', 'protocol'] }, network: { protocol: 'http', transport: 'tcp' } }),
      ev({ event: { kind: 'event', category: ['network'], type: ['connection'] } }),
      ev({ event: { kind: 'event', category: ['web'], type: ['protocol'] } }),
    ],
  },
  {
    code: 'iam-types',
    severity: 'warning',
    name: 'iam event with only an activity type',
    bad: ev({ event: { category: ['iam'], type: ['creation'] } }),
    count: 1,
    messages: [/user or a group/],
    good: [ev({ event: { category: ['iam'], type: ['group', 'creation'] } }), ev({ event: { category: ['iam'], type: ['user', 'change'] } })],
  },
  {
    code: 'iam-types',
    severity: 'warning',
    name: 'iam event with only a target type',
    bad: ev({ event: { category: ['iam'], type: 'user' } }),
    underlined: ['user'],
    messages: [/activity/],
    good: [ev({ event: { category: ['authentication'], type: ['user'] } })],
  },
  {
    code: 'outcome-not-expected',
    severity: 'hint',
    name: 'event.outcome on a metric event',
    bad: ev({ event: { kind: 'metric', outcome: 'success' } }),
    underlined: ['success'],
    good: [ev({ event: { kind: 'metric' } }), ev({ event: { kind: 'event', category: ['authentication'], type: ['start'], outcome: 'failure' } })],
  },
  {
    code: 'outcome-not-expected',
    severity: 'hint',
    name: 'event.outcome on an info event',
    bad: ev({ event: { kind: 'event', type: ['info'], outcome: 'unknown' } }),
    underlined: ['unknown'],
    good: [ev({ event: { kind: 'event', type: ['info'] } })],
  },
  // ---------------------------------------------------------------- network mapping
  {
    code: 'missing-source-destination',
    severity: 'warning',
    name: 'client and server with only source',
    bad: ev({ client: { ip: '10.0.0.1' }, server: { ip: '10.0.0.2' }, source: { ip: '10.0.0.1' } }),
    underlined: ['client'],
    messages: [/destination\.\*/],
    good: [
      ev({ client: { ip: '10.0.0.1' }, server: { ip: '10.0.0.2' }, source: { ip: '10.0.0.1' }, destination: { ip: '10.0.0.2' } }),
      // One role, mirrored by either baseline side (they may swap).
      ev({ client: { ip: '10.0.0.1' }, destination: { ip: '10.0.0.1' } }),
      ev({ source: { ip: '10.0.0.1' } }),
    ],
  },
  {
    code: 'missing-source-destination',
    severity: 'warning',
    name: 'server alone, written as a dotted key',
    bad: ev({ 'server.port': 443 }),
    underlined: ['server'],
    good: [ev({ 'server.port': 443, 'source.port': 443 })],
  },
  {
    code: 'client-server-mismatch',
    severity: 'warning',
    name: 'server that copies neither source nor destination',
    bad: ev({
      source: { ip: '10.0.0.1', port: 50000 },
      destination: { ip: '10.0.0.2', port: 443 },
      client: { ip: '10.0.0.1', port: 50000 },
      server: { ip: '10.0.0.3', port: 443 },
    }),
    underlined: ['10.0.0.3'],
    messages: [/server\.ip .* differs from destination\.ip/],
    good: [
      ev({ source: { ip: '10.0.0.1', port: 50000 }, destination: { ip: '10.0.0.2', port: 443 }, client: { ip: '10.0.0.1', port: 50000 }, server: { ip: '10.0.0.2', port: 443 } }),
      // The reply of the same transaction: source and destination swapped, client and server not.
      ev({ source: { ip: '10.0.0.2', port: 443 }, destination: { ip: '10.0.0.1', port: 50000 }, client: { ip: '10.0.0.1', port: 50000 }, server: { ip: '10.0.0.2', port: 443 } }),
      ev({ source: { ip: '2001:DB8::1' }, destination: { ip: '10.0.0.2' }, client: { ip: '2001:db8::1' } }),
    ],
  },
  {
    code: 'client-server-mismatch',
    severity: 'warning',
    name: 'client and server both copying source',
    bad: ev({ source: { ip: '10.0.0.1' }, destination: { ip: '10.0.0.2' }, client: { ip: '10.0.0.1' }, server: { ip: '10.0.0.1' } }),
    count: 1,
    good: [ev({ source: { ip: '10.0.0.1' }, destination: { ip: '10.0.0.2' }, client: { ip: '10.0.0.2' }, server: { ip: '10.0.0.1' } })],
  },
  {
    code: 'network-total-mismatch',
    severity: 'warning',
    name: 'network.bytes and network.packets not the sums',
    bad: ev({ source: { bytes: 100, packets: 2 }, destination: { bytes: 50, packets: 1 }, network: { bytes: 120, packets: 4 } }),
    underlined: ['120', '4'],
    messages: [/= 150/, /= 3/],
    good: [
      ev({ source: { bytes: 100, packets: 2 }, destination: { bytes: 50, packets: 1 }, network: { bytes: 150, packets: 3 } }),
      ev({ source: { bytes: 100 }, network: { bytes: 150 } }),
    ],
  },
  {
    code: 'related-incomplete',
    severity: 'information',
    name: 'related.* lacking IPs, host names and user names of the event',
    bad: ev({
      source: { ip: '10.0.0.1', nat: { ip: '192.0.2.7' } },
      destination: { address: '10.0.0.2' },
      host: { ip: ['10.0.0.3', 'fe80::1'], name: 'web-1' },
      network: { forwarded_ip: '198.51.100.4' },
      user: { name: 'alice', target: { name: 'bob' } },
      related: { ip: ['10.0.0.1'] },
    }),
    count: 3,
    messages: [/related\.ip .*missing: 192\.0\.2\.7 \(source\.nat\.ip\), 10\.0\.0\.2 \(destination\.address\), 10\.0\.0\.3 \(host\.ip\), fe80::1 \(host\.ip\), 198\.51\.100\.4/, /related\.hosts .*web-1 \(host\.name\)/, /related\.user .*alice \(user\.name\), bob \(user\.target\.name\)/],
    good: [
      ev({
        source: { ip: '10.0.0.1', nat: { ip: '192.0.2.7' } },
        destination: { address: '10.0.0.2' },
        host: { ip: ['10.0.0.3', 'FE80::1'], name: 'web-1' },
        network: { forwarded_ip: '198.51.100.4' },
        user: { name: 'alice', target: { name: 'bob' } },
        related: { ip: ['198.51.100.4', '10.0.0.1', '10.0.0.2', '10.0.0.3', 'fe80::1', '192.0.2.7'], hosts: ['WEB-1'], user: ['bob', 'alice'] },
      }),
      // Ids and directory names are no host or user names.
      ev({ host: { id: 'i-0abc', domain: 'corp.example.com' }, user: { domain: 'CORP', email: 'a@example.com' } }),
    ],
  },
  {
    code: 'related-incomplete',
    severity: 'information',
    name: 'related.user wants the bare name of a DOMAIN\\name user, as domain-user-name splits it',
    bad: ev({ user: { name: 'CORP\\alice' }, related: { user: ['CORP\\alice'] } }),
    count: 1,
    messages: [/related\.user .*missing: alice \(user\.name\)$/],
    good: [
      ev({ user: { name: 'CORP\\alice' }, related: { user: ['alice'] } }),
      // An access log's "-" names nobody.
      ev({ user: { name: '-' }, source: { domain: '-' } }),
    ],
  },
  {
    code: 'address-not-duplicated',
    severity: 'warning',
    name: 'an IP address and a domain address not duplicated',
    bad: ev({ source: { address: '10.0.0.1' }, destination: { address: 'db.example.com' } }),
    underlined: ['10.0.0.1', 'db.example.com'],
    messages: [/source\.ip is not filled/, /destination\.domain is not filled/],
    good: [
      ev({ source: { address: '10.0.0.1', ip: '10.0.0.1' }, destination: { address: 'db.example.com', domain: 'db.example.com' } }),
      ev({ source: { address: '/var/run/docker.sock' }, destination: { address: '@abstract-socket' } }),
      ev({ client: { address: '[2001:db8::1]', ip: '2001:db8::1' }, server: { address: 'DB.example.com', domain: 'db.example.com' } }),
    ],
  },
  {
    code: 'address-not-duplicated',
    severity: 'warning',
    name: 'an IP address whose .ip holds another IP',
    bad: ev({ 'source.address': '10.0.0.1', 'source.ip': '10.0.0.2' }),
    underlined: ['10.0.0.1'],
    messages: [/holds something else/],
    good: [ev({ 'source.address': '10.0.0.1', 'source.ip': '10.0.0.1' })],
  },
  // ---------------------------------------------------------------- domain names
  {
    code: 'domain-parts-mismatch',
    severity: 'warning',
    name: 'parts split by counting labels instead of the Public Suffix List',
    bad: ev({ source: { domain: 'www.example.co.uk', registered_domain: 'co.uk', subdomain: 'www.example', top_level_domain: 'uk' } }),
    underlined: ['co.uk', 'www.example', 'uk'],
    good: [
      ev({ source: { domain: 'www.example.co.uk', registered_domain: 'example.co.uk', subdomain: 'www', top_level_domain: 'co.uk' } }),
      // Both readings of subdomain: every name below the registered domain, or those without the host name.
      ev({ destination: { domain: 'www.mail.example.com', registered_domain: 'example.com', subdomain: 'www.mail', top_level_domain: 'com' } }),
      ev({ destination: { domain: 'www.mail.example.com', registered_domain: 'example.com', subdomain: 'mail', top_level_domain: 'com' } }),
      ev({ client: { domain: 'www.example.com', subdomain: '' } }),
      ev({ server: { domain: 'Example.COM.', registered_domain: 'example.com', top_level_domain: 'COM' } }),
    ],
  },
  {
    code: 'domain-parts-mismatch',
    severity: 'warning',
    name: 'url parts of a private public suffix (appspot.com)',
    bad: ev({ url: { domain: 'foo.appspot.com', registered_domain: 'appspot.com', top_level_domain: 'com' } }),
    underlined: ['appspot.com', 'com'],
    good: [ev({ url: { domain: 'foo.appspot.com', registered_domain: 'foo.appspot.com', top_level_domain: 'appspot.com' } })],
  },
  {
    code: 'domain-parts-missing',
    severity: 'hint',
    name: 'a domain without its parts',
    bad: ev({ destination: { domain: 'www.mail.example.co.uk' } }),
    underlined: ['www.mail.example.co.uk'],
    messages: [/registered_domain "example\.co\.uk".*subdomain "www\.mail".*top_level_domain "co\.uk"/],
    good: [
      ev({ destination: { domain: 'www.mail.example.co.uk', registered_domain: 'example.co.uk', subdomain: 'mail', top_level_domain: 'co.uk' } }),
      // One reading gives www.example.com no subdomain: none is required.
      ev({ destination: { domain: 'www.example.com', registered_domain: 'example.com', top_level_domain: 'com' } }),
      ev({ url: { domain: '10.0.0.1' }, source: { domain: 'localhost' } }),
    ],
  },
];

const stripQuotes = (text: string): string => text.replace(/^"([\s\S]*)"$/, '$1').replace(/^'([\s\S]*)'$/, '$1');

for (const c of cases) {
  for (const format of FORMATS) {
    test(`${c.code} (${format}): fires on ${c.name}, silent on the correct events`, () => {
      const text = render([...c.good, c.bad], format);
      const badIndex = c.good.length;
      const found = check(text, format).filter((d) => d.code === c.code);
      const expectedCount = c.underlined?.length ?? c.count ?? 1;
      assert.equal(found.filter((d) => d.event === badIndex).length, expectedCount, `diagnostics on the bad event:\n${found.map((d) => `${d.event}: ${d.message}`).join('\n')}`);
      assert.deepEqual(found.filter((d) => d.event !== badIndex).map((d) => `${d.event}: ${d.message}`), [], 'the correct events stay silent');
      for (const d of found) assert.equal(d.severity, c.severity);
      if (c.underlined) assert.deepEqual(found.map((d) => stripQuotes(d.text)), c.underlined);
      for (const pattern of c.messages ?? []) assert.ok(found.some((d) => pattern.test(d.message)), `no message matches ${pattern}:\n${found.map((d) => d.message).join('\n')}`);
    });
  }
}

/** One event that follows every rule above: none of their codes fires. */
const exemplary: Event = {
  '@timestamp': '2026-05-01T10:00:00.000000001Z',
  schema: { version: '1.11.0' },
  event: {
    kind: 'event',
    category: ['network'],
    type: ['connection', 'protocol'],
    outcome: 'success',
    created: '2026-05-01T10:00:00.5Z',
    ingested: '2026-05-01T10:00:01Z',
    start: '2026-05-01T09:59:59.000000001Z',
    end: '2026-05-01T10:00:00.000000001Z',
    duration: 1000000000,
    dataset: 'nginx.access',
    module: 'nginx',
    timezone: '+02:00',
  },
  source: { address: '10.0.0.1', ip: '10.0.0.1', port: 50000, bytes: 300, packets: 3 },
  destination: { address: 'www.example.co.uk', domain: 'www.example.co.uk', registered_domain: 'example.co.uk', subdomain: 'www', top_level_domain: 'co.uk', bytes: 700, packets: 4 },
  client: { ip: '10.0.0.1', port: 50000 },
  server: { domain: 'www.example.co.uk', registered_domain: 'example.co.uk', top_level_domain: 'co.uk' },
  network: { protocol: 'http', transport: 'tcp', bytes: 1000, packets: 7 },
  user: { name: 'alice' },
  related: { ip: ['10.0.0.1'], hosts: ['www.example.co.uk'], user: ['alice'] },
};

const myCodes = [...new Set(cases.map((c) => c.code))];

for (const format of FORMATS) {
  test(`an event that follows every timestamp, categorization, network and domain rule is silent (${format})`, () => {
    const found = check(render([exemplary, exemplary], format), format).filter((d) => myCodes.includes(d.code));
    assert.deepEqual(found.map((d) => `${d.code}: ${d.message}`), []);
  });
}

/** Values of every wrong shape where these rules look: nothing throws, and every fix offered still applies. */
const junk: Event[] = [
  { '@timestamp': { a: 1 }, event: { created: [], ingested: null, duration: '5', start: 1.5, end: true, dataset: 7, module: [], timezone: {} } },
  { event: { category: 'network', type: [['protocol'], null, 3], kind: ['metric'], outcome: {} }, network: { bytes: 'x', packets: Infinity }, source: { packets: 1.5 }, destination: { packets: 1.5 } },
  { source: { address: 'x'.repeat(5000), ip: {} }, destination: { address: '', domain: '' }, client: null, server: [] },
  { related: { ip: { a: 1 }, hosts: 5, user: null }, host: { ip: ['not an ip', 7], name: 'h' }, user: { name: ['a', 'a'] } },
  { url: { domain: '[::1]', subdomain: 5, registered_domain: [] }, source: { domain: 'co.uk', registered_domain: 'co.uk', top_level_domain: 'co.uk' } },
  { 'event.duration': 1e20, 'event.start': '2026-05-01T10:00:00Z', 'event.end': '2026-05-01T10:00:00.000000001Z' },
];

for (const format of FORMATS) {
  test(`values of the wrong shape never break these rules or their fixes (${format})`, () => {
    const text = render(junk, format);
    const found = check(text, format).filter((d) => myCodes.includes(d.code));
    for (const d of found) for (const fix of fixesFor(text, format, d)) readBack(applyEdits(text, fix.edits), format);
  });
}

// timezone-format tells names with a digit and no slash from zones without asking Intl: its verdict must be Intl's.
test("a time zone name with a digit is judged as the runtime's time-zone database judges it", () => {
  const intlAccepts = (zone: string): boolean => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  };
  const names = ['EST5EDT', 'cst6cdt', 'MST7MDT', 'PST8PDT', 'GMT0', 'gmt+0', 'GMT-0', 'GMT+2', 'UTC+1', 'UTC0', 'delta-29', 'EST5', 'Etc/GMT+5', 'Etc/GMT-14', 'Etc/GMT+15'];
  assert.deepEqual(names.map((n) => timezoneVerdict(n).ok), names.map(intlAccepts));
});

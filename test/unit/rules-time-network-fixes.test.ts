// Quick fixes of the timestamp, categorization, network-mapping, address and domain-name rules, applied to the
// document text and read back by a standard parser: the diagnostic is gone and the event holds exactly what it should.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentFormat } from '../../server/src/document/model';
import { applyEdits, check, Event, fixAllEdits, fixesFor, FORMATS, readBack, render, Seen } from '../helpers/ruleCases';

const base: Event = { '@timestamp': '2026-05-01T10:00:00Z', schema: { version: '1.11.0' } };
const ev = (fields: Event): Event => ({ ...base, ...fields });

interface FixCase {
  code: string;
  name: string;
  before: Event;
  after: Event;
  /** Which of the offered fixes to take (0: the preferred one). */
  choose?: number;
  title: RegExp;
}

const fixCases: FixCase[] = [
  {
    code: 'redundant-event-created',
    name: 'removes event.created, keeping the rest of event',
    before: ev({ event: { created: '2026-05-01T10:00:00Z', kind: 'event' } }),
    after: ev({ event: { kind: 'event' } }),
    title: /Remove event\.created/,
  },
  {
    code: 'redundant-event-created',
    name: 'removes the event object that held only event.created',
    before: ev({ event: { created: '2026-05-01T10:00:00.000Z' } }),
    after: ev({}),
    title: /Remove event\.created/,
  },
  {
    code: 'duration-mismatch',
    name: 'sets event.duration to the nanosecond difference',
    before: ev({ event: { start: '2026-05-01T10:00:00.000000001Z', end: '2026-05-01T10:00:01.500000002Z', duration: 1500000000 } }),
    after: ev({ event: { start: '2026-05-01T10:00:00.000000001Z', end: '2026-05-01T10:00:01.500000002Z', duration: 1500000001 } }),
    title: /1500000001/,
  },
  {
    code: 'timezone-format',
    name: 'writes a zone ID in its canonical case',
    before: ev({ event: { timezone: 'europe/paris' } }),
    after: ev({ event: { timezone: 'Europe/Paris' } }),
    title: /Europe\/Paris/,
  },
  {
    code: 'outcome-not-expected',
    name: 'removes event.outcome from a metric event',
    before: ev({ event: { kind: 'metric', outcome: 'success' } }),
    after: ev({ event: { kind: 'metric' } }),
    title: /Remove event\.outcome/,
  },
  {
    code: 'network-total-mismatch',
    name: 'sets network.bytes to the sum of both sides',
    before: ev({ source: { bytes: 100 }, destination: { bytes: 50 }, network: { bytes: 120 } }),
    after: ev({ source: { bytes: 100 }, destination: { bytes: 50 }, network: { bytes: 150 } }),
    title: /network\.bytes to 150/,
  },
  {
    code: 'address-not-duplicated',
    name: 'duplicates an IP address to .ip',
    before: ev({ source: { address: '10.0.0.1', port: 443 } }),
    after: ev({ source: { address: '10.0.0.1', port: 443, ip: '10.0.0.1' } }),
    title: /source\.ip/,
  },
  {
    code: 'address-not-duplicated',
    name: 'duplicates a domain address beside a dotted key',
    before: ev({ 'destination.address': 'db.example.com' }),
    after: ev({ 'destination.address': 'db.example.com', 'destination.domain': 'db.example.com' }),
    title: /destination\.domain/,
  },
  {
    code: 'address-not-duplicated',
    name: 'corrects an .ip that holds another IP (brackets of an IPv6 address dropped)',
    before: ev({ client: { address: '[2001:db8::1]', ip: '2001:db8::2' } }),
    after: ev({ client: { address: '[2001:db8::1]', ip: '2001:db8::1' } }),
    title: /client\.ip/,
  },
  {
    code: 'related-incomplete',
    name: 'appends the missing IPs to related.ip',
    before: ev({ source: { ip: '10.0.0.1' }, host: { ip: ['10.0.0.3', '10.0.0.9'] }, related: { ip: ['10.0.0.9'] } }),
    after: ev({ source: { ip: '10.0.0.1' }, host: { ip: ['10.0.0.3', '10.0.0.9'] }, related: { ip: ['10.0.0.9', '10.0.0.1', '10.0.0.3'] } }),
    title: /related\.ip/,
  },
  {
    code: 'related-incomplete',
    name: 'creates related.user',
    before: ev({ user: { name: 'alice', target: { name: 'bob' } } }),
    after: ev({ user: { name: 'alice', target: { name: 'bob' } }, related: { user: ['alice', 'bob'] } }),
    title: /related\.user/,
  },
  {
    code: 'related-incomplete',
    name: 'turns a single related.hosts value into an array',
    before: ev({ host: { hostname: 'web-1' }, related: { hosts: 'proxy-1' } }),
    after: ev({ host: { hostname: 'web-1' }, related: { hosts: ['proxy-1', 'web-1'] } }),
    title: /related\.hosts/,
  },
  {
    code: 'related-incomplete',
    name: 'adds related.hosts into an existing related object',
    before: ev({ observer: { hostname: 'fw-1' }, related: { ip: [] } }),
    after: ev({ observer: { hostname: 'fw-1' }, related: { ip: [], hosts: ['fw-1'] } }),
    title: /related\.hosts/,
  },
  {
    code: 'domain-parts-missing',
    name: 'fills the three parts (subdomain: every name below the registered domain)',
    before: ev({ destination: { domain: 'www.mail.example.co.uk', port: 443 } }),
    after: ev({ destination: { domain: 'www.mail.example.co.uk', port: 443, registered_domain: 'example.co.uk', subdomain: 'www.mail', top_level_domain: 'co.uk' } }),
    title: /Fill destination\.registered_domain, destination\.subdomain, destination\.top_level_domain.*'www\.mail'/,
  },
  {
    code: 'domain-parts-missing',
    name: 'fills the three parts (subdomain: without the host name)',
    before: ev({ destination: { domain: 'www.mail.example.co.uk' } }),
    after: ev({ destination: { domain: 'www.mail.example.co.uk', registered_domain: 'example.co.uk', subdomain: 'mail', top_level_domain: 'co.uk' } }),
    choose: 1,
    title: /'mail'/,
  },
  {
    code: 'domain-parts-missing',
    name: 'fills only the missing parts, dotted like the domain',
    before: ev({ 'url.domain': 'foo.appspot.com', 'url.top_level_domain': 'appspot.com' }),
    after: ev({ 'url.domain': 'foo.appspot.com', 'url.top_level_domain': 'appspot.com', 'url.registered_domain': 'foo.appspot.com' }),
    title: /Fill url\.registered_domain from the domain/,
  },
  {
    code: 'domain-parts-mismatch',
    name: 'corrects registered_domain by the Public Suffix List',
    before: ev({ source: { domain: 'www.example.co.uk', registered_domain: 'co.uk', top_level_domain: 'co.uk' } }),
    after: ev({ source: { domain: 'www.example.co.uk', registered_domain: 'example.co.uk', top_level_domain: 'co.uk' } }),
    title: /source\.registered_domain to 'example\.co\.uk'/,
  },
  {
    code: 'domain-parts-mismatch',
    name: 'corrects subdomain to the second reading when chosen',
    before: ev({ url: { domain: 'www.mail.example.com', subdomain: 'example' } }),
    after: ev({ url: { domain: 'www.mail.example.com', subdomain: 'mail' } }),
    choose: 1,
    title: /url\.subdomain to 'mail'/,
  },
  {
    code: 'domain-parts-mismatch',
    name: 'removes a subdomain the domain does not have',
    before: ev({ url: { domain: 'example.com', subdomain: 'www' } }),
    after: ev({ url: { domain: 'example.com' } }),
    title: /Remove url\.subdomain/,
  },
];

function fixedBy(format: DocumentFormat, c: FixCase): string {
  const text = render([ev({ event: { kind: 'event' } }), c.before], format);
  const found = check(text, format).filter((d) => d.code === c.code);
  assert.equal(found.length, 1, `one ${c.code} diagnostic before the fix:\n${found.map((d) => d.message).join('\n')}`);
  const fixes = fixesFor(text, format, found[0]);
  const fix = fixes[c.choose ?? 0];
  assert.ok(fix, `fix #${c.choose ?? 0} offered; got ${fixes.map((f) => f.title).join(' | ')}`);
  assert.match(fix.title, c.title);
  assert.equal(fix.code, c.code);
  assert.equal(fix.isPreferred, (c.choose ?? 0) === 0);
  return applyEdits(text, fix.edits);
}

for (const c of fixCases) {
  for (const format of FORMATS) {
    test(`${c.code} fix (${format}): ${c.name}`, () => {
      const fixed = fixedBy(format, c);
      assert.deepEqual(readBack(fixed, format), [ev({ event: { kind: 'event' } }), c.after], `fixed text:\n${fixed}`);
      assert.deepEqual(check(fixed, format).filter((d) => d.code === c.code).map((d) => d.message), [], `fixed text:\n${fixed}`);
    });
  }
}

// ---------------------------------------------------------------- fix all of a kind in the file

interface FixAllCase {
  code: string;
  name: string;
  events: Array<{ before: Event; after: Event }>;
}

const fixAllCases: FixAllCase[] = [
  {
    code: 'related-incomplete',
    name: 'creates related.ip, related.hosts and related.user in each event at once',
    events: [
      {
        before: ev({ source: { ip: '10.0.0.1', domain: 'a.example.com' }, user: { name: 'alice' } }),
        after: ev({ source: { ip: '10.0.0.1', domain: 'a.example.com' }, user: { name: 'alice' }, related: { ip: ['10.0.0.1'], hosts: ['a.example.com'], user: ['alice'] } }),
      },
      { before: ev({ event: { kind: 'event' } }), after: ev({ event: { kind: 'event' } }) },
      {
        before: ev({ host: { ip: ['10.0.0.5'], name: 'db-1' }, related: { ip: ['10.0.0.9'] } }),
        after: ev({ host: { ip: ['10.0.0.5'], name: 'db-1' }, related: { ip: ['10.0.0.9', '10.0.0.5'], hosts: ['db-1'] } }),
      },
    ],
  },
  {
    code: 'domain-parts-missing',
    name: 'fills the parts of every side, dotted keys inserted at one place',
    events: [
      {
        before: ev({ 'source.domain': 'a.example.com', 'destination.domain': 'b.example.org' }),
        after: ev({
          'source.domain': 'a.example.com',
          'destination.domain': 'b.example.org',
          'source.registered_domain': 'example.com',
          'source.top_level_domain': 'com',
          'destination.registered_domain': 'example.org',
          'destination.top_level_domain': 'org',
        }),
      },
      {
        before: ev({ url: { domain: 'x.y.example.net' } }),
        after: ev({ url: { domain: 'x.y.example.net', registered_domain: 'example.net', subdomain: 'x.y', top_level_domain: 'net' } }),
      },
    ],
  },
  {
    code: 'domain-parts-mismatch',
    name: 'corrects every wrong part',
    events: [
      {
        before: ev({ source: { domain: 'www.example.co.uk', registered_domain: 'co.uk', subdomain: 'www.example', top_level_domain: 'uk' } }),
        after: ev({ source: { domain: 'www.example.co.uk', registered_domain: 'example.co.uk', subdomain: 'www', top_level_domain: 'co.uk' } }),
      },
      {
        before: ev({ url: { domain: 'foo.appspot.com', registered_domain: 'appspot.com', top_level_domain: 'com' } }),
        after: ev({ url: { domain: 'foo.appspot.com', registered_domain: 'foo.appspot.com', top_level_domain: 'appspot.com' } }),
      },
    ],
  },
  {
    code: 'address-not-duplicated',
    name: 'duplicates every address, dotted keys inserted at one place',
    events: [
      {
        before: ev({ 'source.address': '10.0.0.1', 'destination.address': 'db.example.com' }),
        after: ev({ 'source.address': '10.0.0.1', 'destination.address': 'db.example.com', 'source.ip': '10.0.0.1', 'destination.domain': 'db.example.com' }),
      },
      {
        before: ev({ client: { address: '10.0.0.7' }, server: { address: 'web.example.com' } }),
        after: ev({ client: { address: '10.0.0.7', ip: '10.0.0.7' }, server: { address: 'web.example.com', domain: 'web.example.com' } }),
      },
    ],
  },
  {
    code: 'network-total-mismatch',
    name: 'sets both totals',
    events: [
      {
        before: ev({ source: { bytes: 1, packets: 1 }, destination: { bytes: 2, packets: 2 }, network: { bytes: 0, packets: 0 } }),
        after: ev({ source: { bytes: 1, packets: 1 }, destination: { bytes: 2, packets: 2 }, network: { bytes: 3, packets: 3 } }),
      },
      {
        before: ev({ source: { bytes: 10 }, destination: { bytes: 20 }, network: { bytes: 31 } }),
        after: ev({ source: { bytes: 10 }, destination: { bytes: 20 }, network: { bytes: 30 } }),
      },
    ],
  },
];

for (const c of fixAllCases) {
  for (const format of FORMATS) {
    test(`${c.code} fix all in the file (${format}): ${c.name}`, () => {
      const text = render(c.events.map((e) => e.before), format);
      const before = check(text, format).filter((d) => d.code === c.code);
      assert.ok(before.length > 1, 'more than one diagnostic to fix');
      const edits = fixAllEdits(text, format, c.code);
      assert.ok(edits, '"fix all in the file" is offered');
      const fixed = applyEdits(text, edits);
      assert.deepEqual(readBack(fixed, format), c.events.map((e) => e.after), `fixed text:\n${fixed}`);
      assert.deepEqual(check(fixed, format).filter((d) => d.code === c.code).map((d) => d.message), [], `fixed text:\n${fixed}`);
    });
  }
}

// ---------------------------------------------------------------- the document's own layout is kept

interface LayoutCase {
  name: string;
  format: DocumentFormat;
  code: string;
  before: string;
  after: string;
}

const layoutCases: LayoutCase[] = [
  {
    name: 'a YAML block sequence grows by a line at its dashes',
    format: 'yaml',
    code: 'related-incomplete',
    before: 'source:\n  ip: 10.0.0.1\nrelated:\n  ip:\n    - 10.0.0.9\n  hosts: []\n# trailing comment\n',
    after: 'source:\n  ip: 10.0.0.1\nrelated:\n  ip:\n    - 10.0.0.9\n    - 10.0.0.1\n  hosts: []\n# trailing comment\n',
  },
  {
    name: 'a one-item-per-line JSON array gets one more line',
    format: 'json',
    code: 'related-incomplete',
    before: '{\n  "host": {"ip": ["10.0.0.1", "10.0.0.2"]},\n  "related": {\n    "ip": [\n      "10.0.0.1"\n    ]\n  }\n}\n',
    after: '{\n  "host": {"ip": ["10.0.0.1", "10.0.0.2"]},\n  "related": {\n    "ip": [\n      "10.0.0.1",\n      "10.0.0.2"\n    ]\n  }\n}\n',
  },
  {
    name: 'YAML parts go into the side object at its keys\' column',
    format: 'yaml',
    code: 'domain-parts-missing',
    before: 'source:\n  domain: www.example.co.uk  # seen in the logs\n  port: 443\nuser:\n  name: x\n',
    after: 'source:\n  domain: www.example.co.uk  # seen in the logs\n  port: 443\n  registered_domain: example.co.uk\n  top_level_domain: co.uk\nuser:\n  name: x\n',
  },
  {
    name: 'a new array in compact NDJSON is compact too',
    format: 'ndjson',
    code: 'related-incomplete',
    before: '{"source":{"ip":"10.0.0.1"},"destination":{"ip":"10.0.0.2"}}\n',
    after: '{"source":{"ip":"10.0.0.1"},"destination":{"ip":"10.0.0.2"},"related":{"ip":["10.0.0.1","10.0.0.2"]}}\n',
  },
  {
    name: 'compact NDJSON stays on its line',
    format: 'ndjson',
    code: 'address-not-duplicated',
    before: '{"source":{"address":"10.0.0.1","port":1}}\n{"source":{"address":"example.com","port":2}}\n',
    after: '{"source":{"address":"10.0.0.1","port":1,"ip":"10.0.0.1"}}\n{"source":{"address":"example.com","port":2,"domain":"example.com"}}\n',
  },
];

for (const c of layoutCases) {
  test(`${c.code} fix keeps the layout: ${c.name}`, () => {
    const edits = check(c.before, c.format).filter((d) => d.code === c.code).length > 1 ? fixAllEdits(c.before, c.format, c.code) : fixesFor(c.before, c.format, check(c.before, c.format).find((d) => d.code === c.code) as Seen)[0]?.edits;
    assert.ok(edits, 'a fix is offered');
    const fixed = applyEdits(c.before, edits);
    assert.equal(fixed, c.after);
  });
}

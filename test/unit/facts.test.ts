// The spec's facts that rules lean on: domain names split by the Public Suffix List, IP versions, timestamps at their
// own precision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitDomain } from '../../server/src/kinds/events/facts/domainName';
import { compareInstants, durationMatches, parseInstant } from '../../server/src/kinds/events/facts/timestamp';
import { ipVersion } from '../../server/src/features/values/ipAddress';
import { isIP } from 'node:net';

const domains: Array<[string, ReturnType<typeof splitDomain>]> = [
  ['www.example.co.uk', { domain: 'www.example.co.uk', topLevelDomain: 'co.uk', registeredDomain: 'example.co.uk', subdomains: ['www'] }],
  ['www.mail.example.com', { domain: 'www.mail.example.com', topLevelDomain: 'com', registeredDomain: 'example.com', subdomains: ['www.mail', 'mail'] }],
  ['Example.COM.', { domain: 'example.com', topLevelDomain: 'com', registeredDomain: 'example.com', subdomains: [] }],
  ['foo.appspot.com', { domain: 'foo.appspot.com', topLevelDomain: 'appspot.com', registeredDomain: 'foo.appspot.com', subdomains: [] }],
  ['co.uk', { domain: 'co.uk', topLevelDomain: 'co.uk', registeredDomain: undefined, subdomains: [] }],
  ['localhost', undefined],
  ['10.1.2.3', undefined],
  ['[2001:db8::1]', undefined],
];

for (const [name, expected] of domains) {
  test(`splits ${name} by the public suffix list`, () => assert.deepEqual(splitDomain(name), expected));
}

// ipVersion skips Node's IPv6 expression for texts without a colon: its answers must be net.isIP's.
const addresses: Array<[string, 0 | 4 | 6]> = [
  ['10.1.2.3', 4], ['255.255.255.255', 4], ['10.0.0.256', 0], ['::1', 6], ['::', 6], ['2001:db8::1', 6],
  ['fe80::1%eth0', 6], ['::ffff:192.0.2.1', 6], ['2001:0db8:0000:0000:0000:ff00:0042:8329', 6], ['[2001:db8::1]', 0],
  ['2001:db8:::1', 0], ['www.example.com', 0], ['localhost', 0], ['a:b', 0], ['', 0], ['1.2.3', 0],
];

for (const [text, version] of addresses) {
  test(`"${text}" is ${version === 0 ? 'no IP address' : `an IPv${version} address`}, as net.isIP says`, () => {
    assert.equal(ipVersion(text), version);
    assert.equal(isIP(text), version);
  });
}

test('timestamps keep nanoseconds and compare at the precision written', () => {
  const a = parseInstant('2026-01-01T00:00:00.123456789Z');
  const b = parseInstant('2026-01-01T00:00:00.123456790Z');
  const ms = parseInstant('2026-01-01T00:00:00.123Z');
  assert.ok(a && b && ms);
  assert.equal(compareInstants(a, b), -1, 'one nanosecond apart is earlier');
  assert.equal(compareInstants(a, ms), 0, 'equal at millisecond precision');
  assert.equal(parseInstant('2026-01-01T01:00:00+01:00')?.ns, parseInstant('2026-01-01T00:00:00Z')?.ns);
  assert.equal(parseInstant(1767225600000)?.ns, parseInstant('2026-01-01T00:00:00Z')?.ns);
  assert.equal(parseInstant('yesterday'), undefined);
  assert.equal(parseInstant(1.5), undefined);
});

test('a duration matches end minus start in nanoseconds', () => {
  const start = parseInstant('2026-01-01T00:00:00.000000001Z');
  const end = parseInstant('2026-01-01T00:00:01.500000002Z');
  assert.ok(start && end);
  assert.equal(durationMatches(1_500_000_001n, start, end), true);
  assert.equal(durationMatches(1_500_000_000n, start, end), false, 'off by one nanosecond at nanosecond precision');
  const s2 = parseInstant('2026-01-01T00:00:00.000Z');
  const e2 = parseInstant('2026-01-01T00:00:01.500Z');
  assert.ok(s2 && e2);
  assert.equal(durationMatches(1_500_000_123n, s2, e2), true, 'within the milliseconds written');
  assert.equal(durationMatches(1_501_000_000n, s2, e2), false);
});

// Quick fixes of the notation, user-mapping, custom-field and derived-value rules, as data: each fix is applied,
// the document re-checked (no diagnostic of its code left, every other diagnostic unchanged) and the text compared
// with what the user should see; "fix all" where more than one applies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentFormat } from '../../server/src/document/model';
import { assertFixRepairs, diagnose, fixesFor, jsonEvent, ndjsonEvents, yamlEvent } from './diagnostics-fixture';
import { CODES } from './notation-users-codes';

interface FixRow {
  code: string;
  format: DocumentFormat;
  before: string;
  after: string;
  /** The fix's title, as the editor lists it. */
  title: RegExp;
}

const options = { codes: CODES };
const HASH = 'ab:cd:ef:01:23:45:67:89:ab:cd:ef:01:23:45:67:89';

const fixes: FixRow[] = [
  // notation
  { code: 'wrong-case', format: 'json', before: jsonEvent('"network": {"transport": "TCP"}'), after: jsonEvent('"network": {"transport": "tcp"}'), title: /Change to 'tcp'/ },
  { code: 'wrong-case', format: 'yaml', before: yamlEvent('network:\n  tcp_flags: [syn, ACK]\n'), after: yamlEvent('network:\n  tcp_flags: [syn, ack]\n'), title: /'ack'/ },
  { code: 'pattern-mismatch', format: 'json', before: jsonEvent('"source": {"mac": "00:00:5e:00:53:23"}'), after: jsonEvent('"source": {"mac": "00-00-5E-00-53-23"}'), title: /00-00-5E-00-53-23/ },
  {
    code: 'pattern-mismatch',
    format: 'yaml',
    before: yamlEvent('host:\n  mac:\n    - 00-00-5E-00-53-23\n    - 0000.5e00.5324\n'),
    after: yamlEvent('host:\n  mac:\n    - 00-00-5E-00-53-23\n    - 00-00-5E-00-53-24\n'),
    title: /00-00-5E-00-53-24/,
  },
  {
    code: 'pattern-mismatch',
    format: 'yaml',
    before: yamlEvent(`tls:\n  client:\n    hash:\n      md5: "${HASH}"\n`),
    after: yamlEvent('tls:\n  client:\n    hash:\n      md5: "ABCDEF0123456789ABCDEF0123456789"\n'),
    title: /ABCDEF0123456789ABCDEF0123456789/,
  },
  { code: 'tls-version-format', format: 'json', before: jsonEvent('"tls": {"version": "TLSv1.2"}'), after: jsonEvent('"tls": {"version": "1.2"}'), title: /'1\.2'/ },
  // A plain YAML 1.2 would read as a number: the fix quotes it, so it stays a keyword.
  { code: 'tls-version-format', format: 'yaml', before: yamlEvent('tls:\n  version: TLSv1.2\n'), after: yamlEvent('tls:\n  version: "1.2"\n'), title: /'1\.2'/ },
  {
    code: 'server-name-not-copied',
    format: 'json',
    before: jsonEvent('"tls": {"client": {"server_name": "example.com"}}'),
    after: jsonEvent('"tls": {"client": {"server_name": "example.com"}}, "destination": {"domain": "example.com"}'),
    title: /Copy 'example\.com' to destination\.domain/,
  },
  {
    code: 'server-name-not-copied',
    format: 'json',
    before: jsonEvent('"destination": {"ip": "192.0.2.1"}, "tls": {"client": {"server_name": "example.com"}}'),
    after: jsonEvent('"destination": {"ip": "192.0.2.1", "domain": "example.com"}, "tls": {"client": {"server_name": "example.com"}}'),
    title: /destination\.domain/,
  },
  {
    code: 'server-name-not-copied',
    format: 'yaml',
    before: yamlEvent('destination.ip: 192.0.2.1\ntls.client.server_name: example.com\n'),
    after: yamlEvent('destination.ip: 192.0.2.1\ntls.client.server_name: example.com\ndestination.domain: example.com\n'),
    title: /destination\.domain/,
  },
  { code: 'url-notation', format: 'yaml', before: yamlEvent('url:\n  extension: .png\n'), after: yamlEvent('url:\n  extension: png\n'), title: /'png'/ },
  { code: 'url-notation', format: 'json', before: jsonEvent('"url": {"domain": "2001:db8::1"}'), after: jsonEvent('"url": {"domain": "[2001:db8::1]"}'), title: /'\[2001:db8::1\]'/ },
  {
    code: 'url-part-mismatch',
    format: 'json',
    before: jsonEvent('"url": {"full": "https://example.com/a/b.png?q=1#top", "query": "q=2"}'),
    after: jsonEvent('"url": {"full": "https://example.com/a/b.png?q=1#top", "query": "q=1"}'),
    title: /'q=1'/,
  },
  { code: 'url-part-mismatch', format: 'json', before: jsonEvent('"url": {"original": "/index.html", "query": ""}'), after: jsonEvent('"url": {"original": "/index.html"}'), title: /Remove url\.query/ },
  { code: 'url-part-mismatch', format: 'yaml', before: yamlEvent('url:\n  original: /index.html\n  query: ""\n'), after: yamlEvent('url:\n  original: /index.html\n'), title: /Remove url\.query/ },
  { code: 'hash-name', format: 'json', before: jsonEvent('"file": {"hash": {"SHA3-512": "ab"}}'), after: jsonEvent('"file": {"hash": {"sha3_512": "ab"}}'), title: /'sha3_512'/ },
  { code: 'hash-name', format: 'yaml', before: yamlEvent('file.hash.SHA3-512: ab\n'), after: yamlEvent('file.hash.sha3_512: ab\n'), title: /'sha3_512'/ },
  {
    code: 'args-count-mismatch',
    format: 'json',
    before: jsonEvent('"process": {"args": ["/bin/ls", "-l"], "args_count": 3}'),
    after: jsonEvent('"process": {"args": ["/bin/ls", "-l"], "args_count": 2}'),
    title: /args_count to 2/,
  },
  {
    code: 'args-count-mismatch',
    format: 'yaml',
    before: yamlEvent('process:\n  parent:\n    args:\n      - /bin/sh\n    args_count: 2\n'),
    after: yamlEvent('process:\n  parent:\n    args:\n      - /bin/sh\n    args_count: 1\n'),
    title: /args_count to 1/,
  },
  // user mapping
  {
    code: 'domain-user-name',
    format: 'json',
    before: jsonEvent(String.raw`"user": {"name": "CORP\\alice"}`),
    after: jsonEvent('"user": {"name": "alice", "domain": "CORP"}'),
    title: /Split into user\.domain 'CORP' and user\.name 'alice'/,
  },
  { code: 'domain-user-name', format: 'yaml', before: yamlEvent('user:\n  name: CORP\\alice\n'), after: yamlEvent('user:\n  name: alice\n  domain: CORP\n'), title: /Split/ },
  { code: 'domain-user-name', format: 'yaml', before: yamlEvent('user.name: CORP\\alice\n'), after: yamlEvent('user.name: alice\nuser.domain: CORP\n'), title: /Split/ },
  {
    code: 'domain-user-name',
    format: 'json',
    before: jsonEvent(String.raw`"user": {"target": {"name": "CORP\\alice", "domain": "corp"}}`),
    after: jsonEvent('"user": {"target": {"name": "alice", "domain": "corp"}}'),
    title: /user\.target\.name 'alice'/,
  },
  {
    code: 'email-identifier',
    format: 'json',
    before: jsonEvent('"user": {"id": "alice@example.com"}'),
    after: jsonEvent('"user": {"id": "alice@example.com", "email": "alice@example.com"}'),
    title: /Fill user\.email with 'alice@example\.com'/,
  },
  {
    code: 'email-identifier',
    format: 'yaml',
    before: yamlEvent('user:\n  name: alice@example.com\n'),
    after: yamlEvent('user:\n  name: alice@example.com\n  id: "alice@example.com"\n  email: "alice@example.com"\n'),
    title: /Fill user\.id and user\.email/,
  },
  // custom fields
  { code: 'unnamespaced-custom-field', format: 'json', before: jsonEvent('"foo": 1.50'), after: jsonEvent('"labels": {"foo": "1.50"}'), title: /Move 'foo' into labels/ },
  {
    code: 'unnamespaced-custom-field',
    format: 'json',
    before: jsonEvent('"labels": {"env": "prod"}, "foo": true'),
    after: jsonEvent('"labels": {"env": "prod", "foo": "true"}'),
    title: /labels\.foo: "true"/,
  },
  { code: 'unnamespaced-custom-field', format: 'yaml', before: yamlEvent('foo: 1\nlabels:\n  env: prod\n'), after: yamlEvent('labels:\n  env: prod\n  foo: "1"\n'), title: /Move 'foo'/ },
  // A name written twice (an object and a scalar): the scalar is the one moved.
  {
    code: 'unnamespaced-custom-field',
    format: 'json',
    before: jsonEvent('"foo": {"a": 1}, "foo": "x"'),
    after: jsonEvent('"foo": {"a": 1}, "labels": {"foo": "x"}'),
    title: /labels\.foo: "x"/,
  },
  // A YAML event written as a flow map: new nested keys stay in flow style.
  { code: 'unnamespaced-custom-field', format: 'yaml', before: jsonEvent('"foo": 1'), after: jsonEvent('labels: {foo: "1"}'), title: /Move 'foo'/ },
  {
    code: 'server-name-not-copied',
    format: 'yaml',
    before: jsonEvent('"tls": {"client": {"server_name": "example.com"}}'),
    after: jsonEvent('"tls": {"client": {"server_name": "example.com"}}, destination: {domain: example.com}'),
    title: /destination\.domain/,
  },
  { code: 'custom-name-style', format: 'json', before: jsonEvent('"my-tool": {"x": 1}'), after: jsonEvent('"my_tool": {"x": 1}'), title: /'my_tool'/ },
  { code: 'custom-name-style', format: 'yaml', before: yamlEvent('acme.someField: 1\n'), after: yamlEvent('acme.some_field: 1\n'), title: /'some_field'/ },
  // derived values
  {
    code: 'normalized-message-mismatch',
    format: 'json',
    before: jsonEvent('"message": "Hello World", "normalized": {"message": "Hello World"}'),
    after: jsonEvent('"message": "Hello World", "normalized": {"message": "hello world"}'),
    title: /Set normalized\.message from message/,
  },
  {
    code: 'normalized-message-mismatch',
    format: 'yaml',
    before: yamlEvent('message: Hello World\nnormalized:\n  message: Hello World\n'),
    after: yamlEvent('message: Hello World\nnormalized:\n  message: "hello world"\n'),
    title: /normalized\.message/,
  },
  {
    code: 'syslog-priority-mismatch',
    format: 'json',
    before: jsonEvent('"log": {"syslog": {"priority": 13, "facility": {"code": 1}, "severity": {"code": 6}}}'),
    after: jsonEvent('"log": {"syslog": {"priority": 14, "facility": {"code": 1}, "severity": {"code": 6}}}'),
    title: /priority to 14/,
  },
  {
    code: 'syslog-priority-mismatch',
    format: 'yaml',
    before: yamlEvent('log.syslog:\n  priority: 13\n  facility.code: 1\n  severity.code: 6\n'),
    after: yamlEvent('log.syslog:\n  priority: 14\n  facility.code: 1\n  severity.code: 6\n'),
    title: /priority to 14/,
  },
];

for (const row of fixes) {
  test(`${row.format}: ${row.code} quick fix`, () => {
    const { fixes: offered } = fixesFor(row.before, row.format, row.code, options);
    const fix = offered.find((f) => f.code === row.code && f.kind === 'quickfix');
    assert.ok(fix, `no ${row.code} quick fix for:\n${row.before}`);
    assert.match(fix.title, row.title);
    assert.equal(assertFixRepairs(row.before, row.format, fix, row.code, options), row.after);
  });
}

// ---- no fix where the right value is not known
const noFix: Array<{ code: string; format: DocumentFormat; text: string }> = [
  { code: 'pattern-mismatch', format: 'json', text: jsonEvent('"client": {"geo": {"continent_code": "Europe"}}') },
  { code: 'domain-user-name', format: 'json', text: jsonEvent(String.raw`"user": {"name": "CORP\\alice", "domain": "OTHER"}`) },
  { code: 'unnamespaced-custom-field', format: 'json', text: jsonEvent('"foo": 1, "labels": {"foo": "2"}') },
  { code: 'url-part-mismatch', format: 'json', text: jsonEvent('"url": {"full": "https://example.com/?a=1", "original": "/?a=2", "query": "b"}') },
];

for (const row of noFix) {
  test(`${row.format}: ${row.code} offers no fix when the right value is not known`, () => {
    const { fixes: offered } = fixesFor(row.text, row.format, row.code, options);
    assert.deepEqual(offered.filter((f) => f.code === row.code), []);
  });
}

// ---- fix all of this kind in the file
interface FixAllRow {
  code: string;
  format: DocumentFormat;
  before: string;
  after: string;
}

const fixAll: FixAllRow[] = [
  {
    code: 'wrong-case',
    format: 'json',
    before: jsonEvent('"network": {"transport": "TCP", "type": "IPv4", "tcp_flags": ["SYN", "ACK"]}'),
    after: jsonEvent('"network": {"transport": "tcp", "type": "ipv4", "tcp_flags": ["syn", "ack"]}'),
  },
  {
    code: 'pattern-mismatch',
    format: 'ndjson',
    before: `${jsonEvent('"source": {"mac": "00:00:5e:00:53:23"}')}\n${jsonEvent('"destination": {"mac": "00005e005324"}')}\n`,
    after: `${jsonEvent('"source": {"mac": "00-00-5E-00-53-23"}')}\n${jsonEvent('"destination": {"mac": "00-00-5E-00-53-24"}')}\n`,
  },
  {
    code: 'url-notation',
    format: 'yaml',
    before: yamlEvent('url:\n  scheme: "https:"\n  query: "?q=1"\n  fragment: "#top"\n  extension: .png\n'),
    after: yamlEvent('url:\n  scheme: "https"\n  query: "q=1"\n  fragment: "top"\n  extension: png\n'),
  },
  {
    code: 'domain-user-name',
    format: 'json',
    before: jsonEvent(String.raw`"user": {"name": "CORP\\alice", "target": {"name": "LAB\\bob"}}`),
    after: jsonEvent('"user": {"name": "alice", "target": {"name": "bob", "domain": "LAB"}, "domain": "CORP"}'),
  },
  // Two moves into one labels object: composed, not colliding.
  { code: 'unnamespaced-custom-field', format: 'json', before: jsonEvent('"foo": 1, "bar": "x"'), after: jsonEvent('"labels": {"foo": "1", "bar": "x"}') },
  { code: 'unnamespaced-custom-field', format: 'yaml', before: yamlEvent('foo: 1\nbar: x\n'), after: yamlEvent('labels:\n  foo: "1"\n  bar: x\n') },
  {
    code: 'args-count-mismatch',
    format: 'ndjson',
    before: `${jsonEvent('"process": {"args": ["/bin/ls"], "args_count": 2, "parent": {"args": ["/bin/sh", "-c"], "args_count": 1}}')}\n`,
    after: `${jsonEvent('"process": {"args": ["/bin/ls"], "args_count": 1, "parent": {"args": ["/bin/sh", "-c"], "args_count": 2}}')}\n`,
  },
];

for (const row of fixAll) {
  test(`${row.format}: fix all '${row.code}' in the file`, () => {
    const { fixes: offered } = fixesFor(row.before, row.format, row.code, options);
    const all = offered.find((f) => f.code === row.code && f.kind === 'source.fixAll');
    assert.ok(all, `no fix-all for ${row.code} in:\n${row.before}`);
    assert.equal(assertFixRepairs(row.before, row.format, all, row.code, options), row.after);
  });
}

test('fix all is not offered when only one problem of the kind is in the file', () => {
  const { fixes: offered } = fixesFor(jsonEvent('"network": {"transport": "TCP"}'), 'json', 'wrong-case', options);
  assert.equal(offered.filter((f) => f.code === 'wrong-case' && f.kind === 'source.fixAll').length, 0);
});

test('messages name the field, the found value and the expected one', () => {
  const text = ndjsonEvents('"network": {"transport": "TCP"}, "log": {"syslog": {"priority": 13, "facility": {"code": 1}, "severity": {"code": 6}}}');
  const messages = diagnose(text, 'ndjson').diagnostics.filter((d) => CODES.includes(d.code)).map((d) => d.message);
  assert.deepEqual(messages, [
    'network.transport is written in lower case: "TCP" should be "tcp"',
    'log.syslog.priority is 13 but 8 x facility (1) + severity (6) is 14',
  ]);
});

test('the DOMAIN\\name message shows the value as written, and the notation expected', () => {
  const text = jsonEvent(String.raw`"user": {"name": "CORP\\alice"}, "source": {"mac": "00:00:5e:00:53:23"}`);
  const messages = diagnose(text, 'json').diagnostics.filter((d) => CODES.includes(d.code)).map((d) => d.message);
  assert.deepEqual(messages, [
    String.raw`user.name 'CORP\alice' is a DOMAIN\name composite: the domain goes to user.domain, the bare name to user.name`,
    'source.mac expects RFC 7042 notation (two upper-case hex digits per octet, separated by hyphens, e.g. 00-00-5E-00-53-23); found "00:00:5e:00:53:23", which reads "00-00-5E-00-53-23"',
  ]);
});

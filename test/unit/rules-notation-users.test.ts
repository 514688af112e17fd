// The spec's notation, user-mapping, custom-field and derived-value rules, as data: each fires on a minimal bad
// example and stays silent on a correct one, in JSON, NDJSON and YAML; rows where an existing rule (invalid-value,
// unknown-field, out-of-range) already speaks show that these rules do not repeat it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, jsonEvent, ndjsonEvents, yamlEvent } from './diagnostics-fixture';
import { CODES } from './notation-users-codes';

/** An expected diagnostic: code, severity, the range's text in JSON and (when it differs) in YAML. */
type Expected = [code: string, severity: string, json: string, yaml?: string];

interface Case {
  name: string;
  /** Comma-separated JSON properties (the NDJSON line holds the same). */
  json: string;
  /** YAML lines. */
  yaml: string;
  expect: Expected[];
}

const HEX40 = 'abcdef0123456789abcdef0123456789abcdef01';
const LONG = `Hello ${'World '.repeat(60)}`.trim();

const cases: Case[] = [
  // ---- wrong-case: fields the catalog writes in one case
  {
    name: 'lower-case fields written in upper case',
    json: '"network": {"transport": "TCP", "tcp_flags": ["syn", "ACK"]}',
    yaml: 'network:\n  transport: TCP\n  tcp_flags: [syn, ACK]\n',
    expect: [['wrong-case', 'warning', '"TCP"', 'TCP'], ['wrong-case', 'warning', '"ACK"', 'ACK']],
  },
  {
    name: 'TLS certificate hash in lower case',
    json: `"tls": {"server": {"hash": {"sha1": "${HEX40}"}}, "version_protocol": "TLS"}`,
    yaml: `tls:\n  server:\n    hash:\n      sha1: ${HEX40}\n  version_protocol: TLS\n`,
    expect: [['wrong-case', 'warning', `"${HEX40}"`, HEX40], ['wrong-case', 'warning', '"TLS"', 'TLS']],
  },
  {
    name: 'fields in their case',
    json: `"network": {"transport": "tcp", "type": "ipv4", "protocol": "http", "application": "curl", "tcp_flags": ["syn"]}, "tls": {"next_protocol": "h2", "version_protocol": "tls", "client": {"hash": {"sha1": "${HEX40.toUpperCase()}"}}}`,
    yaml: `network:\n  transport: tcp\n  type: ipv4\n  protocol: http\ntls:\n  next_protocol: h2\n  client:\n    hash:\n      sha1: ${HEX40.toUpperCase()}\n`,
    expect: [],
  },
  {
    name: 'os.type is invalid-value\'s (its list), not repeated',
    json: '"host": {"os": {"type": "Windows"}}',
    yaml: 'host:\n  os:\n    type: Windows\n',
    expect: [['invalid-value', 'error', '"Windows"', 'Windows']],
  },

  // ---- pattern-mismatch: MAC (RFC 7042), hashes with separators, continent codes
  {
    name: 'MAC address with colons and in Cisco dots',
    json: '"source": {"mac": "00:00:5e:00:53:23"}, "host": {"mac": ["00-00-5E-00-53-23", "0000.5e00.5324"]}',
    yaml: 'source:\n  mac: 00:00:5e:00:53:23\nhost:\n  mac:\n    - 00-00-5E-00-53-23\n    - 0000.5e00.5324\n',
    expect: [['pattern-mismatch', 'warning', '"00:00:5e:00:53:23"', '00:00:5e:00:53:23'], ['pattern-mismatch', 'warning', '"0000.5e00.5324"', '0000.5e00.5324']],
  },
  {
    name: 'continent name instead of code, fingerprint with colons',
    json: '"client": {"geo": {"continent_code": "Europe"}}, "tls": {"client": {"hash": {"md5": "ab:cd:ef:01:23:45:67:89:ab:cd:ef:01:23:45:67:89"}}}',
    yaml: 'client:\n  geo:\n    continent_code: Europe\ntls:\n  client:\n    hash:\n      md5: "ab:cd:ef:01:23:45:67:89:ab:cd:ef:01:23:45:67:89"\n',
    expect: [['pattern-mismatch', 'warning', '"Europe"', 'Europe'], ['pattern-mismatch', 'warning', '"ab:cd:ef:01:23:45:67:89:ab:cd:ef:01:23:45:67:89"']],
  },
  {
    name: 'RFC 7042 MACs (EUI-48 and EUI-64) and a two-letter continent code',
    json: '"source": {"mac": "00-00-5E-00-53-23", "geo": {"continent_code": "EU"}}, "observer": {"mac": ["00-00-5E-EF-10-00-00-2A"]}',
    yaml: 'source:\n  mac: 00-00-5E-00-53-23\n  geo:\n    continent_code: EU\nobserver:\n  mac: [00-00-5E-EF-10-00-00-2A]\n',
    expect: [],
  },

  // ---- tls-version-format
  {
    name: 'tls.version with the protocol name',
    json: '"tls": {"version": "TLSv1.2"}',
    yaml: 'tls:\n  version: TLSv1.2\n',
    expect: [['tls-version-format', 'warning', '"TLSv1.2"', 'TLSv1.2']],
  },
  { name: 'tls.version numeric', json: '"tls": {"version": "1.3", "version_protocol": "tls"}', yaml: 'tls:\n  version: "1.3"\n  version_protocol: tls\n', expect: [] },

  // ---- server-name-not-copied
  {
    name: 'server name without destination.domain',
    json: '"tls": {"client": {"server_name": "example.com"}}',
    yaml: 'tls.client.server_name: example.com\n',
    expect: [['server-name-not-copied', 'warning', '"example.com"', 'example.com']],
  },
  {
    name: 'server name copied',
    json: '"tls": {"client": {"server_name": "example.com"}}, "destination": {"domain": "example.com"}',
    yaml: 'tls.client.server_name: example.com\ndestination.domain: example.com\n',
    expect: [],
  },

  // ---- url-notation
  {
    name: 'URL parts with their delimiters, bare IPv6 domain',
    json: '"url": {"scheme": "https:", "query": "?q=1", "fragment": "#top", "extension": ".png", "domain": "2001:db8::1"}',
    yaml: 'url:\n  scheme: "https:"\n  query: "?q=1"\n  fragment: "#top"\n  extension: .png\n  domain: "2001:db8::1"\n',
    expect: [
      ['url-notation', 'warning', '"https:"'], ['url-notation', 'warning', '"?q=1"'], ['url-notation', 'warning', '"#top"'],
      ['url-notation', 'warning', '".png"', '.png'], ['url-notation', 'warning', '"2001:db8::1"'],
    ],
  },
  {
    name: 'URL parts as the spec writes them',
    json: '"url": {"scheme": "https", "query": "q=1", "fragment": "top", "extension": "png", "domain": "[2001:db8::1]"}',
    yaml: 'url:\n  scheme: https\n  query: q=1\n  fragment: top\n  extension: png\n  domain: "[2001:db8::1]"\n',
    expect: [],
  },
  {
    name: 'a query that really starts with "?"',
    json: '"url": {"original": "/a??x", "query": "?x"}',
    yaml: 'url:\n  original: /a??x\n  query: "?x"\n',
    expect: [],
  },

  // ---- url-part-mismatch (WHATWG URL; url.original may be only a path)
  {
    name: 'parts that disagree with url.full',
    json: '"url": {"full": "https://example.com/a/b.png?q=1#top", "query": "q=2", "extension": "gif", "fragment": "bottom"}',
    yaml: 'url:\n  full: https://example.com/a/b.png?q=1#top\n  query: q=2\n  extension: gif\n  fragment: bottom\n',
    expect: [['url-part-mismatch', 'warning', '"q=2"', 'q=2'], ['url-part-mismatch', 'warning', '"gif"', 'gif'], ['url-part-mismatch', 'warning', '"bottom"', 'bottom']],
  },
  {
    name: 'an empty query where url.original (a path) has no "?"',
    json: '"url": {"original": "/index.html", "query": ""}',
    yaml: 'url:\n  original: /index.html\n  query: ""\n',
    expect: [['url-part-mismatch', 'warning', '""']],
  },
  {
    name: 'parts that agree (encoded differently, last extension only, empty query after "?")',
    json: '"url": {"original": "/a/b.tar.gz?q=a%20b#x", "query": "q=a b", "extension": "gz", "fragment": "x"}',
    yaml: 'url:\n  original: "/a/b.tar.gz?q=a%20b#x"\n  query: q=a b\n  extension: gz\n  fragment: x\n',
    expect: [],
  },

  {
    name: 'an empty query after a "?"',
    json: '"url": {"full": "http://example.com/search?", "query": ""}',
    yaml: 'url:\n  full: http://example.com/search?\n  query: ""\n',
    expect: [],
  },

  // ---- hash-name: where the parent set is undefined (file, dll); process.hash is unknown-field's
  {
    name: 'hash algorithm name not in snake case under file.hash',
    json: '"file": {"hash": {"SHA3-512": "ab"}}',
    yaml: 'file.hash.SHA3-512: ab\n',
    expect: [['undefined-field-set', 'hint', 'file'], ['hash-name', 'warning', 'SHA3-512']],
  },
  {
    name: 'under process.hash: unknown-field already says it',
    json: '"process": {"hash": {"SHA3-512": "ab"}}',
    yaml: 'process:\n  hash:\n    SHA3-512: ab\n',
    expect: [['unknown-field', 'error', 'SHA3-512']],
  },
  {
    name: 'hash algorithm names in snake case',
    json: '"file": {"hash": {"sha3_512": "ab", "md5": "cd"}}, "process": {"hash": {"sha3_512": "ab"}}',
    yaml: 'file:\n  hash:\n    sha3_512: ab\nprocess.hash.sha3_512: ab\n',
    expect: [['undefined-field-set', 'hint', 'file']],
  },

  // ---- not-allowed-child: network.inner holds only vlan.id and vlan.name
  {
    name: 'another vlan field in network.inner',
    json: '"network": {"inner": {"vlan": {"id": "10", "priority": 3}}}',
    yaml: 'network:\n  inner:\n    vlan:\n      id: "10"\n      priority: 3\n',
    expect: [['undefined-field-set', 'hint', 'vlan'], ['not-allowed-child', 'error', 'priority']],
  },
  {
    name: 'a name network.inner does not know: unknown-field already says it',
    json: '"network": {"inner": {"vlan": {"id": "10"}, "zone": "a"}}',
    yaml: 'network:\n  inner:\n    vlan:\n      id: "10"\n    zone: a\n',
    expect: [['undefined-field-set', 'hint', 'vlan'], ['unknown-field', 'error', 'zone']],
  },
  {
    name: 'network.inner with vlan.id and vlan.name',
    json: '"network": {"inner": {"vlan": {"id": "10", "name": "outer"}}}',
    yaml: 'network:\n  inner:\n    vlan:\n      id: "10"\n      name: outer\n',
    expect: [['undefined-field-set', 'hint', 'vlan']],
  },

  // ---- args-count-mismatch
  {
    name: 'args_count not the length of args',
    json: '"process": {"args": ["/bin/ls", "-l"], "args_count": 3, "parent": {"args": ["/bin/sh"], "args_count": 2}}',
    yaml: 'process:\n  args: [/bin/ls, -l]\n  args_count: 3\n  parent:\n    args:\n      - /bin/sh\n    args_count: 2\n',
    expect: [['args-count-mismatch', 'warning', '3'], ['args-count-mismatch', 'warning', '2']],
  },
  { name: 'args_count the length of args', json: '"process": {"args": ["/bin/ls", "-l"], "args_count": 2}', yaml: 'process:\n  args: [/bin/ls, -l]\n  args_count: 2\n', expect: [] },

  // ---- not-absolute-path
  {
    name: 'executable and args[0] not absolute',
    json: '"process": {"executable": "ls", "args": ["ls", "-l"]}',
    yaml: 'process:\n  executable: ls\n  args: [ls, -l]\n',
    expect: [['not-absolute-path', 'warning', '"ls"', 'ls'], ['not-absolute-path', 'warning', '"ls"', 'ls']],
  },
  {
    name: 'POSIX, Windows and UNC absolute paths',
    json: String.raw`"process": {"executable": "C:\\Windows\\System32\\cmd.exe", "args": ["/usr/bin/ls"], "parent": {"executable": "\\\\server\\share\\tool.exe"}}`,
    yaml: String.raw`process:
  executable: 'C:\Windows\System32\cmd.exe'
  args: [/usr/bin/ls]
  parent:
    executable: '\\server\share\tool.exe'
`,
    expect: [],
  },

  // ---- domain-user-name (every placement of the user set)
  {
    name: 'DOMAIN\\name in user.name',
    json: String.raw`"user": {"name": "CORP\\alice"}`,
    yaml: String.raw`user:
  name: CORP\alice
`,
    expect: [['domain-user-name', 'warning', String.raw`"CORP\\alice"`, String.raw`CORP\alice`]],
  },
  {
    name: 'DOMAIN\\name in source.user.name beside another domain',
    json: String.raw`"source": {"user": {"name": "CORP\\bob", "domain": "OTHER"}}`,
    yaml: String.raw`source.user.name: CORP\bob
source.user.domain: OTHER
`,
    expect: [['domain-user-name', 'warning', String.raw`"CORP\\bob"`, String.raw`CORP\bob`]],
  },
  { name: 'name and domain apart', json: '"user": {"name": "alice", "domain": "CORP"}', yaml: 'user:\n  name: alice\n  domain: CORP\n', expect: [] },

  // ---- email-identifier
  {
    name: 'email as user.id without user.email',
    json: '"user": {"id": "alice@example.com"}',
    yaml: 'user:\n  id: alice@example.com\n',
    expect: [['email-identifier', 'information', '"alice@example.com"', 'alice@example.com']],
  },
  {
    name: 'email as the login name with no id, email as the only identifier',
    json: '"user": {"name": "alice@example.com"}, "destination": {"user": {"email": "bob@example.com"}}',
    yaml: 'user:\n  name: alice@example.com\ndestination:\n  user:\n    email: bob@example.com\n',
    expect: [['email-identifier', 'information', '"alice@example.com"', 'alice@example.com'], ['email-identifier', 'information', '"bob@example.com"', 'bob@example.com']],
  },
  {
    name: 'email in both, or an id that is no email',
    json: '"user": {"id": "alice@example.com", "email": "alice@example.com"}, "source": {"user": {"id": "1001", "name": "bob", "email": "bob@example.com"}}',
    yaml: 'user:\n  id: alice@example.com\n  email: alice@example.com\nsource:\n  user:\n    id: "1001"\n    name: bob\n    email: bob@example.com\n',
    expect: [],
  },

  // ---- unnamespaced-custom-field
  {
    name: 'lower-case custom scalar at the root',
    json: '"foo": 1',
    yaml: 'foo: 1\n',
    expect: [['unnamespaced-custom-field', 'hint', 'foo']],
  },
  {
    name: 'capitalized, namespaced, in labels, or not a scalar',
    json: '"Foo": 1, "acme": {"foo": 1}, "labels": {"foo": "1"}, "bar": {"baz": 1}',
    yaml: 'Foo: 1\nacme:\n  foo: 1\nlabels:\n  foo: "1"\nbar:\n  baz: 1\n',
    expect: [],
  },

  // ---- custom-name-style
  {
    name: 'lower-case custom names breaking the naming rules',
    json: '"my-tool": {"someField": 1}',
    yaml: 'my-tool:\n  someField: 1\n',
    expect: [['custom-name-style', 'hint', 'my-tool'], ['custom-name-style', 'hint', 'someField']],
  },
  {
    name: 'custom names in the naming rules, or capitalized',
    json: '"my_tool": {"some_field": 1}, "Vendor": {"FieldName": 1, "Sub-Part": 2}',
    yaml: 'my_tool:\n  some_field: 1\nVendor.FieldName: 1\n',
    expect: [],
  },

  // ---- normalized-message-mismatch
  {
    name: 'normalized.message not lower case',
    json: '"message": "Hello World", "normalized": {"message": "Hello World"}',
    yaml: 'message: Hello World\nnormalized:\n  message: Hello World\n',
    expect: [['normalized-message-mismatch', 'warning', '"Hello World"', 'Hello World']],
  },
  {
    name: 'normalized.message lower-cased and truncated to 256 characters',
    json: `"message": "${LONG}", "normalized": {"message": "${LONG.toLowerCase().slice(0, 256)}"}`,
    yaml: `message: ${LONG}\nnormalized.message: ${LONG.toLowerCase().slice(0, 256)}\n`,
    expect: [],
  },
  {
    name: 'normalized.message only too long: out-of-range already says it',
    json: `"message": "${LONG}", "normalized": {"message": "${LONG.toLowerCase()}"}`,
    yaml: `message: ${LONG}\nnormalized.message: ${LONG.toLowerCase()}\n`,
    expect: [['out-of-range', 'error', `"${LONG.toLowerCase()}"`, LONG.toLowerCase()]],
  },

  // ---- syslog-priority-mismatch
  {
    name: 'priority not 8 x facility + severity',
    json: '"log": {"syslog": {"priority": 13, "facility": {"code": 1}, "severity": {"code": 6}}}',
    yaml: 'log.syslog:\n  priority: 13\n  facility.code: 1\n  severity.code: 6\n',
    expect: [['syslog-priority-mismatch', 'warning', '13']],
  },
  {
    name: 'priority 8 x facility + severity',
    json: '"log": {"syslog": {"priority": 14, "facility": {"code": 1}, "severity": {"code": 6}}}',
    yaml: 'log:\n  syslog:\n    priority: 14\n    facility:\n      code: 1\n    severity:\n      code: 6\n',
    expect: [],
  },
  {
    name: 'priority beyond its bounds: out-of-range already says it',
    json: '"log": {"syslog": {"priority": 200, "facility": {"code": 1}, "severity": {"code": 6}}}',
    yaml: 'log.syslog.priority: 200\nlog.syslog.facility.code: 1\nlog.syslog.severity.code: 6\n',
    expect: [['out-of-range', 'error', '200']],
  },
];

for (const c of cases) {
  const json = c.expect.map(([code, severity, text]): string[] => [code, severity, text]);
  const yaml = c.expect.map(([code, severity, text, yamlText]): string[] => [code, severity, yamlText ?? text]);
  test(`json: ${c.name}`, () => {
    const text = jsonEvent(c.json);
    assert.deepEqual(check(text, 'json', { codes: CODES }), json, text);
  });
  test(`ndjson: ${c.name}`, () => {
    const text = ndjsonEvents(c.json);
    assert.deepEqual(check(text, 'ndjson', { codes: CODES }), json, text);
  });
  test(`yaml: ${c.name}`, () => {
    const text = yamlEvent(c.yaml);
    assert.deepEqual(check(text, 'yaml', { codes: CODES }), yaml, text);
  });
}


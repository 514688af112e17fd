// Diagnostics about field names, as data: each rule fires on a minimal bad example and stays silent on a correct
// one, in JSON, NDJSON and YAML. Expected answers are [code, severity, text of the range].
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, diagnose, FixtureRow, jsonEvent, ndjsonEvents, yamlEvent } from './diagnostics-fixture';

const rows: FixtureRow[] = [
  // ---- a correct event says nothing
  { name: 'correct event', format: 'json', text: jsonEvent('"source": {"ip": "192.0.2.1", "port": 443}, "event": {"kind": "event"}'), expect: [] },
  { name: 'correct event', format: 'ndjson', text: ndjsonEvents('"source": {"ip": "192.0.2.1", "port": 443}'), expect: [] },
  { name: 'correct event', format: 'yaml', text: yamlEvent('source:\n  ip: 192.0.2.1\n  port: 443\n'), expect: [] },

  // ---- unknown-field: under a defined set, with did-you-mean
  { name: 'misspelt field', format: 'json', text: jsonEvent('"source": {"prot": 443}'), expect: [['unknown-field', 'error', 'prot']] },
  { name: 'misspelt field', format: 'ndjson', text: ndjsonEvents('"source": {"prot": 443}'), expect: [['unknown-field', 'error', 'prot']] },
  { name: 'misspelt field', format: 'yaml', text: yamlEvent('source:\n  prot: 443\n'), expect: [['unknown-field', 'error', 'prot']] },
  { name: 'misspelt dotted field (YAML keeps dotted keys)', format: 'yaml', text: yamlEvent('source.prot: 443\n'), expect: [['unknown-field', 'error', 'prot']] },
  { name: 'stutter is unknown', format: 'yaml', text: yamlEvent('host:\n  host_ip: 192.0.2.1\n'), expect: [['unknown-field', 'error', 'host_ip']] },
  { name: 'below a leaf, in one dotted key', format: 'yaml', text: yamlEvent('event.kind.extra: 1\n'), expect: [['unknown-field', 'error', 'extra']] },
  { name: 'children of an unknown key are not repeated', format: 'json', text: jsonEvent('"source": {"foo": {"bar": 1, "baz": 2}}'), expect: [['unknown-field', 'error', 'foo']] },
  // custom fields and open objects
  { name: 'custom namespaces are allowed', format: 'json', text: jsonEvent('"nginx": {"access": {"time": "x"}}, "Vendor": {"Field": 1}'), expect: [] },
  { name: 'custom namespaces are allowed', format: 'yaml', text: yamlEvent('nginx:\n  access:\n    time: x\nVendor:\n  Field: 1\n'), expect: [] },
  { name: 'open objects accept any key', format: 'json', text: jsonEvent('"labels": {"env": "prod"}, "container": {"labels": {"app": "web"}}, "http": {"request": {"headers": {"accept": "*/*"}}, "response": {"headers": {"x-id": "1"}}}, "user": {"extra": {"k": {"deep": 1}}}'), expect: [] },
  { name: 'metrics accepts other metrics', format: 'yaml', text: yamlEvent('metrics:\n  puppet:\n    runtime:\n      exec: 1.5\n  http:\n    requests_per_sec: 2\n'), expect: [] },
  { name: 'hash accepts other algorithms (snake case)', format: 'json', text: jsonEvent('"file": {"hash": {"sha3_512": "ab"}}, "process": {"hash": {"sha3_512": "cd"}}'), expect: [['undefined-field-set', 'hint', 'file']] },
  { name: 'geo_point written as its own lat/lon keys', format: 'yaml', text: yamlEvent('source.geo.location.lat: 52.5\nsource.geo.location.lon: 13.4\n'), expect: [] },

  // ---- undefined-field-set: any child, one hint on the set
  { name: 'undefined set', format: 'json', text: jsonEvent('"user_agent": {"original": "curl/8", "anything": {"x": 1}}'), expect: [['undefined-field-set', 'hint', 'user_agent']] },
  { name: 'undefined set', format: 'ndjson', text: ndjsonEvents('"dns": {"question": {"name": "example.com"}}'), expect: [['undefined-field-set', 'hint', 'dns']] },
  { name: 'undefined set (dotted)', format: 'yaml', text: yamlEvent('related.hash: [abc]\n'), expect: [['undefined-field-set', 'hint', 'related']] },
  // ---- names the spec's guidance uses (related.ip/hosts/user, user_agent.original) get no hint
  { name: 'guidance names of undefined sets', format: 'json', text: jsonEvent('"related": {"ip": ["192.0.2.1"], "hosts": ["a"], "user": ["b"]}, "user_agent": {"original": "curl/8"}'), expect: [] },
  { name: 'guidance names of undefined sets (dotted)', format: 'yaml', text: yamlEvent('related.ip: [192.0.2.1]\nuser_agent.original: curl/8\n'), expect: [] },
  { name: 'guidance names beside another child', format: 'ndjson', text: ndjsonEvents('"related": {"ip": ["192.0.2.1"], "hash": ["abc"]}'), expect: [['undefined-field-set', 'hint', 'related']] },

  // ---- nested-only
  { name: 'geo at the root', format: 'json', text: jsonEvent('"geo": {"city_name": "Berlin"}'), expect: [['nested-only', 'error', 'geo']] },
  { name: 'geo at the root', format: 'ndjson', text: ndjsonEvents('"as": {"number": 1}'), expect: [['nested-only', 'error', 'as']] },
  { name: 'hash at the root', format: 'yaml', text: yamlEvent('hash.md5: ab\n'), expect: [['nested-only', 'error', 'hash.md5']] },
  { name: 'geo where it is placed', format: 'yaml', text: yamlEvent('client:\n  geo:\n    city_name: Berlin\n'), expect: [] },

  // ---- deprecated-field and beta-field
  { name: 'deprecated placement', format: 'json', text: jsonEvent('"host": {"user": {"name": "alice", "id": "1"}}'), expect: [['deprecated-field', 'warning', 'user']] },
  { name: 'deprecated field', format: 'ndjson', text: ndjsonEvents('"log": {"original": "raw"}'), expect: [['deprecated-field', 'warning', 'original']] },
  { name: 'deprecated (dotted)', format: 'yaml', text: yamlEvent('host.user.name: alice\n'), expect: [['deprecated-field', 'warning', 'user.name']] },
  { name: 'beta placement', format: 'yaml', text: yamlEvent('process:\n  elf:\n    architecture: x86-64\n'), expect: [['undefined-field-set', 'hint', 'elf'], ['beta-field', 'information', 'elf']] },
  { name: 'not deprecated', format: 'json', text: jsonEvent('"event": {"original": "raw"}, "user": {"name": "alice"}'), expect: [] },

  // ---- dotted-key: JSON and NDJSON only, off where dotted keys are allowed
  { name: 'dotted key', format: 'json', text: jsonEvent('"source.ip": "192.0.2.1"'), expect: [['dotted-key', 'warning', 'source.ip']] },
  { name: 'dotted key', format: 'ndjson', text: ndjsonEvents('"event.kind": "event"'), expect: [['dotted-key', 'warning', 'event.kind']] },
  { name: 'dotted keys are fine in YAML', format: 'yaml', text: yamlEvent('source.ip: 192.0.2.1\n'), expect: [] },
  { name: 'dotted keys allowed for this file', format: 'json', text: jsonEvent('"source.ip": "192.0.2.1"'), expect: [], options: { settings: { events: { allowDottedKeys: ['**/golden/*.json'] } }, file: 'test/golden/a.json' } },
  { name: 'dotted keys allowed everywhere', format: 'ndjson', text: ndjsonEvents('"source.ip": "192.0.2.1"'), expect: [], options: { settings: { events: { allowDottedKeys: true } } } },

  // ---- foreign-meta-field: one diagnostic per file, no cascade
  { name: 'ecs.version instead of schema.version', format: 'json', text: '{"@timestamp": "2024-05-01T12:00:00Z", "ecs": {"version": "8.11.0"}}', expect: [['foreign-meta-field', 'warning', 'ecs']] },
  {
    name: 'ecs.version in every line: one diagnostic, no missing schema.version',
    format: 'ndjson',
    text: '{"@timestamp": "2024-05-01T12:00:00Z", "ecs": {"version": "8.11.0"}}\n{"@timestamp": "2024-05-01T12:00:01Z", "ecs": {"version": "8.11.0"}}\n{"@timestamp": "2024-05-01T12:00:02Z"}\n',
    expect: [['foreign-meta-field', 'warning', 'ecs']],
  },
  { name: 'ecs.version (dotted)', format: 'yaml', text: '"@timestamp": 2024-05-01T12:00:00Z\necs.version: 1.0.0\n---\n"@timestamp": 2024-05-01T12:00:01Z\necs.version: 1.0.0\n', expect: [['foreign-meta-field', 'warning', 'ecs.version']] },
];

for (const row of rows) {
  test(`${row.format}: ${row.name}`, () => {
    assert.deepEqual(check(row.text, row.format, row.options), row.expect, row.text);
  });
}

test('unknown-field names the closest defined fields', () => {
  const text = jsonEvent('"source": {"prot": 443}, "host": {"host_ip": "192.0.2.1"}');
  const messages = diagnose(text, 'json').diagnostics.map((d) => d.message);
  assert.match(messages[0], /did you mean 'source\.port'/);
  assert.match(messages[1], /did you mean 'host\.ip'/);
});

test('the single foreign-meta-field diagnostic counts the events that use ecs.version', () => {
  const text = '{"@timestamp": "2024-05-01T12:00:00Z", "ecs": {"version": "8.11.0"}}\n{"@timestamp": "2024-05-01T12:00:01Z", "ecs": {"version": "8.11.0"}}\n';
  const [only] = diagnose(text, 'ndjson').diagnostics;
  assert.match(only.message, /schema\.version/);
  assert.match(only.message, /2 times in this file/);
});

// Diagnostics about values and required fields, as data: each rule fires on a minimal bad example and stays
// silent on a correct one, in JSON, NDJSON and YAML. Expected answers are [code, severity, text of the range].
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, diagnose, FixtureRow, jsonEvent, ndjsonEvents, REQUIRED_JSON, yamlEvent } from './diagnostics-fixture';

const rows: FixtureRow[] = [
  // ---- type-mismatch, as strict as Elastic's package validator
  { name: 'numeric string for long', format: 'json', text: jsonEvent('"source": {"port": "443"}'), expect: [['type-mismatch', 'error', '"443"']] },
  { name: 'numeric string for long', format: 'ndjson', text: ndjsonEvents('"source": {"bytes": "1024"}'), expect: [['type-mismatch', 'error', '"1024"']] },
  { name: 'quoted number for long', format: 'yaml', text: yamlEvent('source:\n  port: "443"\n'), expect: [['type-mismatch', 'error', '"443"']] },
  { name: 'fraction for long', format: 'json', text: jsonEvent('"source": {"port": 44.5}'), expect: [['type-mismatch', 'error', '44.5']] },
  { name: 'string for float', format: 'yaml', text: yamlEvent('event:\n  risk_score: high\n'), expect: [['type-mismatch', 'error', 'high']] },
  { name: 'number for keyword', format: 'json', text: jsonEvent('"event": {"code": 4624}'), expect: [['type-mismatch', 'error', '4624']] },
  { name: 'number for keyword', format: 'yaml', text: yamlEvent('event:\n  code: 4624\n'), expect: [['type-mismatch', 'error', '4624']] },
  { name: 'object for keyword', format: 'ndjson', text: ndjsonEvents('"event": {"kind": {"value": "event"}}'), expect: [['type-mismatch', 'error', '{"value": "event"}']] },
  { name: 'boolean for keyword', format: 'json', text: jsonEvent('"host": {"name": true}'), expect: [['type-mismatch', 'error', 'true']] },
  { name: 'string for boolean', format: 'yaml', text: yamlEvent('tls:\n  established: "true"\n'), expect: [['type-mismatch', 'error', '"true"']] },
  { name: 'not an IP', format: 'json', text: jsonEvent('"source": {"ip": "10.0.0.300"}'), expect: [['type-mismatch', 'error', '"10.0.0.300"']] },
  { name: 'IPv6 is an IP', format: 'yaml', text: yamlEvent('source:\n  ip: "2001:db8::1"\n'), expect: [] },
  { name: 'date not ISO 8601', format: 'json', text: '{"@timestamp": "01/05/2024 12:00", "schema": {"version": "1.11.0"}}', expect: [['type-mismatch', 'error', '"01/05/2024 12:00"']] },
  { name: 'date with an impossible day', format: 'ndjson', text: ndjsonEvents('"event": {"created": "2024-02-30T00:00:00Z"}'), expect: [['type-mismatch', 'error', '"2024-02-30T00:00:00Z"']] },
  { name: 'epoch milliseconds and nanosecond fractions are dates', format: 'json', text: jsonEvent('"event": {"created": 1714564800000, "ingested": "2024-05-01T12:00:00.123456789+02:00"}'), expect: [] },
  { name: 'epoch seconds as a string are not', format: 'yaml', text: yamlEvent('event:\n  created: "1714564800"\n'), expect: [['type-mismatch', 'error', '"1714564800"']] },
  { name: 'geo_point out of bounds', format: 'json', text: jsonEvent('"source": {"geo": {"location": {"lat": 95, "lon": 13.4}}}'), expect: [['type-mismatch', 'error', '{"lat": 95, "lon": 13.4}']] },
  { name: 'geo_point shapes', format: 'json', text: jsonEvent('"source": {"geo": {"location": [13.4, 52.5]}}, "destination": {"geo": {"location": "52.5,13.4"}}, "client": {"geo": {"location": {"lon": 13.4, "lat": 52.5}}}'), expect: [] },
  { name: 'geo_point wrong shape', format: 'yaml', text: yamlEvent('source:\n  geo:\n    location: Berlin\n'), expect: [['type-mismatch', 'error', 'Berlin']] },
  { name: 'geo_point latitude as its own key', format: 'yaml', text: yamlEvent('source.geo.location.lat: 123\nsource.geo.location.lon: 13.4\n'), expect: [['type-mismatch', 'error', '123']] },
  { name: 'single value for an array field', format: 'json', text: jsonEvent('"event": {"category": ["network"], "type": "connection"}, "tags": "a"'), expect: [['type-mismatch', 'error', '"connection"'], ['type-mismatch', 'error', '"a"']] },
  { name: 'single value for an array field', format: 'yaml', text: yamlEvent('host:\n  ip: 192.0.2.1\n'), expect: [['type-mismatch', 'error', '192.0.2.1']] },
  { name: 'every element is checked', format: 'ndjson', text: ndjsonEvents('"host": {"ip": ["192.0.2.1", "nope", 7]}'), expect: [['type-mismatch', 'error', '"nope"'], ['type-mismatch', 'error', '7']] },
  { name: 'object-typed field needs an object', format: 'json', text: jsonEvent('"labels": "env=prod"'), expect: [['type-mismatch', 'error', '"env=prod"']] },
  { name: 'intermediate object needs an object', format: 'yaml', text: yamlEvent('source: 192.0.2.1\n'), expect: [['type-mismatch', 'error', '192.0.2.1']] },
  { name: 'null is no value', format: 'json', text: jsonEvent('"source": {"port": null, "ip": null}, "tags": null'), expect: [] },
  { name: 'an event is an object', format: 'json', text: `[${jsonEvent()}, "text"]`, expect: [['type-mismatch', 'error', '"text"']] },

  // ---- invalid-value (allowed lists) and unrecommended-value (recommended lists)
  { name: 'not an allowed kind', format: 'json', text: jsonEvent('"event": {"kind": "evnt"}'), expect: [['invalid-value', 'error', '"evnt"']] },
  { name: 'not an allowed category', format: 'ndjson', text: ndjsonEvents('"event": {"category": ["network", "login"]}'), expect: [['invalid-value', 'error', '"login"']] },
  { name: 'not an allowed outcome', format: 'yaml', text: yamlEvent('event:\n  outcome: succeeded\n'), expect: [['invalid-value', 'error', 'succeeded']] },
  { name: 'allowed values', format: 'yaml', text: yamlEvent('event:\n  kind: alert\n  category: [intrusion_detection]\n  type: [info, indicator]\n  outcome: unknown\n'), expect: [] },
  { name: 'direction outside the recommended values', format: 'json', text: jsonEvent('"network": {"direction": "sideways"}'), expect: [['unrecommended-value', 'information', '"sideways"']] },
  { name: 'direction outside the recommended values', format: 'yaml', text: yamlEvent('network:\n  direction: sideways\n'), expect: [['unrecommended-value', 'information', 'sideways']] },
  { name: 'recommended direction', format: 'ndjson', text: ndjsonEvents('"network": {"direction": "inbound"}'), expect: [] },

  // ---- out-of-range
  { name: 'above the maximum', format: 'json', text: jsonEvent('"event": {"risk_score_norm": 150}'), expect: [['out-of-range', 'error', '150']] },
  { name: 'below the minimum', format: 'ndjson', text: ndjsonEvents('"host": {"cpu": {"usage": -0.5}}'), expect: [['out-of-range', 'error', '-0.5']] },
  { name: 'priority above 191', format: 'yaml', text: yamlEvent('log:\n  syslog:\n    priority: 192\n    facility:\n      code: 23\n'), expect: [['out-of-range', 'error', '192']] },
  { name: 'longer than 256 characters', format: 'json', text: jsonEvent(`"normalized": {"message": "${'x'.repeat(257)}"}`), expect: [['out-of-range', 'error', `"${'x'.repeat(257)}"`]] },
  { name: 'within the limits', format: 'yaml', text: yamlEvent(`event:\n  risk_score_norm: 100\nhost:\n  cpu:\n    usage: 1\nnormalized:\n  message: ${'x'.repeat(256)}\n`), expect: [] },

  // ---- not-flat
  { name: 'nested object in labels', format: 'json', text: jsonEvent('"labels": {"team": {"name": "ops"}}'), expect: [['not-flat', 'error', 'team']] },
  { name: 'nested object in headers', format: 'ndjson', text: ndjsonEvents('"http": {"request": {"headers": {"accept": {"type": "json"}}}}'), expect: [['not-flat', 'error', 'accept']] },
  { name: 'dotted key nests in labels', format: 'yaml', text: yamlEvent('labels:\n  team.name: ops\n'), expect: [['not-flat', 'error', 'team.name']] },
  { name: 'flat labels and header lists', format: 'yaml', text: yamlEvent('labels:\n  team: ops\nhttp:\n  response:\n    headers:\n      set-cookie: [a, b]\n'), expect: [] },

  // ---- invalid-version
  { name: 'version without patch', format: 'json', text: '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11"}}', expect: [['invalid-version', 'error', '"1.11"']] },
  { name: 'version with a suffix', format: 'ndjson', text: '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0-7"}}\n', expect: [['invalid-version', 'error', '"1.11.0-7"']] },
  { name: 'version read as a number', format: 'yaml', text: '"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  version: 1.11\n', expect: [['invalid-version', 'error', '1.11']] },
  { name: 'another valid version', format: 'yaml', text: '"@timestamp": 2024-05-01T12:00:00Z\nschema.version: 8.0.0\n', expect: [] },

  // ---- missing-required
  { name: 'no @timestamp', format: 'json', text: '{"schema": {"version": "1.11.0"}}', expect: [['missing-required', 'error', '{']] },
  { name: 'no schema.version', format: 'ndjson', text: '{"@timestamp": "2024-05-01T12:00:00Z"}\n', expect: [['missing-required', 'error', '{']] },
  { name: 'neither', format: 'yaml', text: 'message: hello\n', expect: [['missing-required', 'error', 'message'], ['missing-required', 'error', 'message']] },
  { name: 'dotted spellings count', format: 'json', text: '{"@timestamp": "2024-05-01T12:00:00Z", "schema.version": "1.11.0"}', expect: [['dotted-key', 'warning', 'schema.version']] },

  // ---- syntax-error, with the parser's message
  { name: 'missing comma', format: 'json', text: `{${REQUIRED_JSON} "message": "x"}`, expect: [['syntax-error', 'error', '"message"']] },
  { name: 'broken line', format: 'ndjson', text: `${jsonEvent()}\n{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}\n`, expect: [['syntax-error', 'error', '']] },
  { name: 'unclosed flow sequence', format: 'yaml', text: yamlEvent('tags: [a, b\nmessage: x\n'), expect: [['syntax-error', 'error', '[']] },
];

for (const row of rows) {
  test(`${row.format}: ${row.name}`, () => {
    assert.deepEqual(check(row.text, row.format, row.options), row.expect, row.text);
  });
}

test('messages say what was expected and what was found', () => {
  const text = jsonEvent('"source": {"port": "443", "ip": "nope"}, "event": {"kind": "evnt"}');
  const messages = diagnose(text, 'json').diagnostics.map((d) => d.message);
  assert.match(messages[0], /source\.port is a long field and expects a whole number; found the string "443"/);
  assert.match(messages[1], /source\.ip is an ip field; the string "nope" is not an IPv4 or IPv6 address/);
  assert.match(messages[2], /"evnt" is not an allowed value of event\.kind; allowed: alert, enrichment, event, metric, state, pipeline_error, signal/);
});

test('syntax errors carry the parser message', () => {
  const text = `{${REQUIRED_JSON} "message": "x"}`;
  const [syntax] = diagnose(text, 'json').diagnostics;
  assert.equal(syntax.message, "Comma ',' expected");
});

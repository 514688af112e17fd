// Quick fixes: each one applied to the text and the document re-checked: no diagnostic of its code remains and
// nothing else changed (the other diagnostics are the same; for nesting, the data is the same).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentFormat } from '../../server/src/document/model';
import { applyEdits } from '../../server/src/kinds/events/edits';
import { assertFixRepairs, check, diagnose, fixesFor, jsonEvent, REQUIRED_JSON, yamlEvent } from './diagnostics-fixture';

interface FixRow {
  name: string;
  format: DocumentFormat;
  text: string;
  code: string;
  /** The title of the fix to apply (the first one when absent). */
  title?: string;
  /** The text after the fix, when the exact result matters. */
  result?: string;
}

const rows: FixRow[] = [
  // unknown-field: rename to the suggestion, keeping nested or dotted style
  { name: 'rename a nested key', format: 'json', code: 'unknown-field', text: jsonEvent('"source": {"prot": 443}'), result: jsonEvent('"source": {"port": 443}') },
  { name: 'rename a dotted key', format: 'yaml', code: 'unknown-field', text: yamlEvent('source.prot: 443\n'), result: yamlEvent('source.port: 443\n') },
  { name: 'rename a stutter', format: 'ndjson', code: 'unknown-field', text: `${jsonEvent('"host": {"host_ip": ["192.0.2.1"]}')}\n`, result: `${jsonEvent('"host": {"ip": ["192.0.2.1"]}')}\n` },
  // invalid-value: one action per close allowed value
  { name: 'replace a categorization value', format: 'json', code: 'invalid-value', text: jsonEvent('"event": {"type": ["conection"]}'), result: jsonEvent('"event": {"type": ["connection"]}') },
  { name: 'replace a categorization value', format: 'yaml', code: 'invalid-value', text: yamlEvent("event:\n  outcome: 'Success'\n"), result: yamlEvent("event:\n  outcome: 'success'\n") },
  { name: 'replace a recommended value', format: 'yaml', code: 'unrecommended-value', text: yamlEvent('network:\n  direction: outbund\n'), result: yamlEvent('network:\n  direction: outbound\n') },
  // invalid-version -> the catalog's version
  { name: 'complete the version', format: 'json', code: 'invalid-version', text: '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11"}}', result: '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}}' },
  { name: 'version read as a number', format: 'yaml', code: 'invalid-version', text: '"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  version: 1.11\n', result: '"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  version: 1.11.0\n' },
  // foreign-meta-field -> schema.version
  { name: 'rename ecs to schema', format: 'json', code: 'foreign-meta-field', text: '{\n  "@timestamp": "2024-05-01T12:00:00Z",\n  "ecs": {\n    "version": "8.11.0"\n  }\n}\n', result: '{\n  "@timestamp": "2024-05-01T12:00:00Z",\n  "schema": {\n    "version": "8.11.0"\n  }\n}\n' },
  { name: 'rename in every event of the file', format: 'ndjson', code: 'foreign-meta-field', text: '{"@timestamp": "2024-05-01T12:00:00Z", "ecs": {"version": "8.11.0"}}\n{"@timestamp": "2024-05-01T12:00:01Z", "ecs": {"version": "8.11.0"}}\n', result: '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "8.11.0"}}\n{"@timestamp": "2024-05-01T12:00:01Z", "schema": {"version": "8.11.0"}}\n' },
  { name: 'rename a dotted ecs.version', format: 'yaml', code: 'foreign-meta-field', text: '"@timestamp": 2024-05-01T12:00:00Z\necs.version: 1.0.0\n', result: '"@timestamp": 2024-05-01T12:00:00Z\nschema.version: 1.0.0\n' },
  { name: 'drop ecs.version where schema.version is there', format: 'json', code: 'foreign-meta-field', text: `{${REQUIRED_JSON}, "ecs": {"version": "8.0.0"}, "message": "m"}`, result: `{${REQUIRED_JSON}, "message": "m"}` },
  { name: 'move the version into an existing schema object', format: 'yaml', code: 'foreign-meta-field', text: '"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  other: x\necs:\n  version: 8.0.0\n', result: '"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  other: x\n  version: 8.0.0\n' },
  // missing-required: insert with the current time / the catalog's version
  { name: 'insert schema.version', format: 'json', code: 'missing-required', text: '{\n  "@timestamp": "2024-05-01T12:00:00Z",\n  "message": "m"\n}\n', result: '{\n  "@timestamp": "2024-05-01T12:00:00Z",\n  "message": "m",\n  "schema": {\n    "version": "1.11.0"\n  }\n}\n' },
  { name: 'insert schema.version into an existing schema object', format: 'yaml', code: 'missing-required', text: '"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  other: x # custom\nmessage: m\n', result: '"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  other: x # custom\n  version: 1.11.0\nmessage: m\n' },
  { name: 'insert schema.version dotted where the event is flat', format: 'yaml', code: 'missing-required', text: '"@timestamp": 2024-05-01T12:00:00Z\nevent.kind: event\nhost.name: h\n', result: '"@timestamp": 2024-05-01T12:00:00Z\nevent.kind: event\nhost.name: h\nschema.version: 1.11.0\n' },
  { name: 'insert @timestamp', format: 'ndjson', code: 'missing-required', text: '{"schema":{"version":"1.11.0"},"message":"m"}\n' },
  { name: 'insert @timestamp', format: 'yaml', code: 'missing-required', text: '- schema:\n    version: 1.11.0\n  message: m\n' },
  // dotted-key -> nested objects, merged into what is there
  { name: 'nest one key into an existing object', format: 'json', code: 'dotted-key', text: `{\n  "@timestamp": "2024-05-01T12:00:00Z",\n  "schema": {\n    "version": "1.11.0"\n  },\n  "source.ip": "192.0.2.1",\n  "source": {\n    "port": 443\n  }\n}\n`, result: `{\n  "@timestamp": "2024-05-01T12:00:00Z",\n  "schema": {\n    "version": "1.11.0"\n  },\n  "source": {\n    "ip": "192.0.2.1",\n    "port": 443\n  }\n}\n` },
  { name: 'nest one key, compact style kept', format: 'ndjson', code: 'dotted-key', text: '{"@timestamp":"2024-05-01T12:00:00Z","schema.version":"1.11.0"}\n', result: '{"@timestamp":"2024-05-01T12:00:00Z","schema":{"version":"1.11.0"}}\n' },
  // type-mismatch fixes where the intent is clear
  { name: 'numeric string to number', format: 'json', code: 'type-mismatch', text: jsonEvent('"source": {"port": "443"}'), result: jsonEvent('"source": {"port": 443}') },
  { name: 'number to string', format: 'yaml', code: 'type-mismatch', text: yamlEvent('event:\n  code: 4624\n'), result: yamlEvent('event:\n  code: "4624"\n') },
  { name: 'single value into an array', format: 'json', code: 'type-mismatch', text: jsonEvent('"tags": "a"'), result: jsonEvent('"tags": ["a"]') },
];

for (const row of rows) {
  test(`${row.format}: ${row.code}: ${row.name}`, () => {
    const { fixes } = fixesFor(row.text, row.format, row.code);
    const quick = fixes.filter((f) => f.kind === 'quickfix' && f.code === row.code);
    const fix = row.title ? quick.find((f) => f.title === row.title) : quick[0];
    assert.ok(fix, `no fix${row.title ? ` '${row.title}'` : ''} among: ${fixes.map((f) => f.title).join(', ')}`);
    const fixed = assertFixRepairs(row.text, row.format, fix, row.code);
    if (row.result !== undefined) assert.equal(fixed, row.result);
  });
}

test('one action per close allowed value, the closest preferred', () => {
  const { fixes } = fixesFor(jsonEvent('"event": {"kind": "stat"}'), 'json', 'invalid-value');
  const titles = fixes.filter((f) => f.kind === 'quickfix').map((f) => [f.title, Boolean(f.isPreferred)]);
  assert.deepEqual(titles, [["Change to 'state'", true]]);
  const none = fixesFor(jsonEvent('"event": {"kind": "zzzzzz"}'), 'json', 'invalid-value').fixes;
  assert.deepEqual(none.filter((f) => f.kind === 'quickfix'), []);
});

test('missing @timestamp gets the current time', () => {
  const before = Date.now();
  const { fixes } = fixesFor('{"schema": {"version": "1.11.0"}}', 'json', 'missing-required');
  const fixed = applyEdits('{"schema": {"version": "1.11.0"}}', fixes[0].edits);
  const stamp = Date.parse((JSON.parse(fixed) as { '@timestamp': string })['@timestamp']);
  assert.ok(stamp >= before - 1000 && stamp <= Date.now() + 1000, fixed);
});

test('the rename fix is offered only where the target is free', () => {
  const text = jsonEvent('"host": {"host_ip": "192.0.2.1", "ip": ["192.0.2.2"]}');
  const titles = fixesFor(text, 'json', 'unknown-field').fixes.map((f) => f.title);
  assert.ok(!titles.includes("Rename to 'host.ip'"), titles.join(', '));
});

// ---------------------------------------------------------------- fix all of this kind

/** Expands dotted keys into nested objects, as the store reads a document. */
function expand(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expand);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const names = key.split('.');
    let target = out;
    for (const name of names.slice(0, -1)) target = (target[name] ??= {}) as Record<string, unknown>;
    const last = names[names.length - 1];
    target[last] = merge(target[last], expand(child));
  }
  return out;
}

function merge(a: unknown, b: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(a) || !isObject(b)) return b;
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) out[key] = merge(out[key], value);
  return out;
}

function fixAll(text: string, format: DocumentFormat, code: string): string {
  const { fixes } = fixesFor(text, format, code);
  const all = fixes.find((f) => f.kind === 'source.fixAll' && f.code === code);
  assert.ok(all, `no fix-all for ${code} among: ${fixes.map((f) => `${f.kind} ${f.title}`).join(', ')}`);
  return assertFixRepairs(text, format, all, code);
}

test('json: nest every dotted key of the document, merging shared prefixes', () => {
  const text = '[\n  {\n    "@timestamp": "2024-05-01T12:00:00Z",\n    "schema.version": "1.11.0",\n    "source.ip": "192.0.2.1",\n    "source.geo.location": {"lat": 52.5, "lon": 13.4},\n    "source": {\n      "port": 443,\n      "geo.city_name": "Berlin"\n    },\n    "labels": {"a": 1},\n    "vendor": [{"x.y": 1}]\n  },\n  {"@timestamp": "2024-05-01T12:00:01Z", "schema": {"version": "1.11.0"}, "event.kind": "event", "event.type": ["info"]}\n]\n';
  const fixed = fixAll(text, 'json', 'dotted-key');
  assert.deepEqual(JSON.parse(fixed), expand(JSON.parse(text)));
  assert.ok(!/"[^"]*\.[^"]*":/.test(fixed.replace(/"\d+\.\d+\.\d+"/g, '')), fixed);
  assert.match(fixed, /\n {4}"source": \{\n {6}"ip": "192\.0\.2\.1",\n/);
});

test('ndjson: nest every dotted key, each line stays one line', () => {
  const text = '{"@timestamp":"2024-05-01T12:00:00Z","schema.version":"1.11.0","a.b":1,"a.c":{"d.e":2}}\n{"@timestamp":"2024-05-01T12:00:01Z","schema.version":"1.11.0"}\n';
  const fixed = fixAll(text, 'ndjson', 'dotted-key');
  const lines = fixed.trimEnd().split('\n');
  assert.equal(lines.length, 2);
  assert.deepEqual(lines.map((l) => JSON.parse(l) as unknown), text.trimEnd().split('\n').map((l) => expand(JSON.parse(l))));
});

test('fix all inserts both required fields, also into an empty event', () => {
  const text = '{}\n{"message": "m"}\n';
  const fixed = fixAll(text, 'ndjson', 'missing-required');
  for (const line of fixed.trimEnd().split('\n')) {
    const event = JSON.parse(line) as { schema: { version: string }; '@timestamp': string };
    assert.equal(event.schema.version, '1.11.0');
    assert.ok(!Number.isNaN(Date.parse(event['@timestamp'])));
  }
});

test('fix all renames every misspelt field and replaces every close value', () => {
  const text = `${jsonEvent('"source": {"prot": 1}')}\n${jsonEvent('"destination": {"prot": 2}, "event": {"kind": "evnt"}')}\n`;
  const renamed = fixAll(text, 'ndjson', 'unknown-field');
  assert.match(renamed, /"source": \{"port": 1\}/);
  assert.match(renamed, /"destination": \{"port": 2\}/);
  const text2 = yamlEvent('event:\n  kind: evnt\n  outcome: sucess\n');
  assert.equal(fixAll(text2, 'yaml', 'invalid-value'), yamlEvent('event:\n  kind: event\n  outcome: success\n'));
});

test('fix all is offered only where more than one diagnostic of the kind applies', () => {
  const { fixes } = fixesFor(jsonEvent('"source": {"prot": 1}'), 'json', 'unknown-field');
  assert.deepEqual(fixes.filter((f) => f.kind === 'source.fixAll'), []);
});

test('fixes leave switched-off and hidden diagnostics alone', () => {
  // In a file with ecs.version, missing schema.version is not shown, so fix-all must not insert it.
  const text = '{"ecs": {"version": "8.0.0"}}\n{"message": "m"}\n';
  const fixed = fixAll(text, 'ndjson', 'missing-required');
  assert.ok(!fixed.includes('"schema"'), fixed);
  assert.deepEqual(check(fixed, 'ndjson').map((t) => t[0]), ['foreign-meta-field']);
});

test('code actions come with the diagnostic they fix', () => {
  const text = jsonEvent('"source": {"prot": 443}');
  const { fixes, diagnostic } = fixesFor(text, 'json', 'unknown-field');
  assert.equal(fixes[0].diagnostic?.start, diagnostic.start);
  assert.equal(diagnose(text, 'json').diagnostics.length, 1);
});

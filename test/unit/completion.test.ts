// Completion as the user sees it: which names and values are offered where the caret is, with level badges, and
// what choosing one leaves in the document (applied and re-parsed, so the result is valid JSON/YAML with the intended path).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import type { DocumentFormat } from '../../server/src/document/model';
import { complete } from '../../server/src/kinds/events/eventCompletion';
import type { CompletionEntry } from '../../server/src/features/types';
import { completionDocs } from '../../server/src/features/fieldDocs';
import { applyCompletion, atCaret, featureEnv, testCatalog } from '../helpers/featureFixture';

interface Case {
  name: string;
  format: DocumentFormat;
  fixture: string;
  /** fieldwise.events.allowDottedKeys matched the file. */
  dotted?: boolean;
  /** Labels offered, or partial items the offered item with that label must match. */
  includes?: Array<string | (Partial<CompletionEntry> & { label: string })>;
  excludes?: string[];
  /** Exactly these labels, in the order the client sorts them (sortText). */
  exactly?: string[];
  /** Choose the item with this label and compare the re-parsed document (or its text) to `result`. */
  choose?: { label: string; result?: unknown; text?: string };
}

function parseDocument(text: string, format: DocumentFormat): unknown {
  if (format === 'yaml') return parseYaml(text);
  if (format === 'ndjson') return text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as unknown);
  return JSON.parse(text);
}

function sorted(items: CompletionEntry[]): CompletionEntry[] {
  return [...items].sort((a, b) => (a.sortText < b.sortText ? -1 : a.sortText > b.sortText ? 1 : 0));
}

function check(c: Case): CompletionEntry[] {
  const at = atCaret(c.fixture, c.format);
  const items = complete(at.view, at.local, featureEnv(c.format, c.dotted));
  const labels = items.map((i) => i.label);
  for (const want of c.includes ?? []) {
    const label = typeof want === 'string' ? want : want.label;
    const item = items.find((i) => i.label === label);
    assert.ok(item, `${c.name}: expected ${label} among ${labels.slice(0, 40).join(', ')}`);
    if (typeof want !== 'string') {
      for (const [k, v] of Object.entries(want)) assert.deepEqual(item[k as keyof CompletionEntry], v, `${c.name}: ${label}.${k}`);
    }
  }
  for (const label of c.excludes ?? []) assert.ok(!labels.includes(label), `${c.name}: ${label} should not be offered`);
  if (c.exactly) assert.deepEqual(sorted(items).map((i) => i.label), c.exactly, c.name);
  if (c.choose) {
    const item = items.find((i) => i.label === c.choose!.label);
    assert.ok(item, `${c.name}: nothing to choose named ${c.choose.label}`);
    const after = applyCompletion(at.text, at.event.start, item);
    if (c.choose.text !== undefined) assert.equal(after, c.choose.text, c.name);
    if (c.choose.result !== undefined) assert.deepEqual(parseDocument(after, c.format), c.choose.result, `${c.name}: ${after}`);
  }
  return items;
}

const KINDS = ['alert', 'enrichment', 'event', 'metric', 'state', 'pipeline_error', 'signal'];
const DIRECTIONS = ['ingress', 'egress', 'inbound', 'outbound', 'internal', 'external', 'unknown'];

const keyCases: Case[] = [
  {
    name: 'JSON: inside quotes under source.geo, the geo fields with their badge',
    format: 'json',
    fixture: '{"source": {"geo": {"ci|"}}}',
    includes: [{ label: 'city_name', level: 'core', detail: 'keyword · core', kind: 'field' }, { label: 'name', level: 'extended', detail: 'keyword · extended' }],
    excludes: ['ip', 'geo', 'event', '@timestamp'],
    choose: { label: 'city_name', result: { source: { geo: { city_name: '' } } } },
  },
  {
    name: 'JSON: inside source, the side fields and its reuses (geo, as, user), direct and deep',
    format: 'json',
    fixture: '{"source": {|}}',
    includes: [
      'ip', 'port', 'address', { label: 'geo', kind: 'object', level: 'core' }, 'as', 'user', 'nat.ip',
      { label: 'geo.city_name', level: 'core' }, 'as.number', 'user.name', 'as.organization.name',
    ],
    excludes: ['event', '@timestamp', 'city_name', 'kind'],
    choose: { label: 'geo.city_name', result: { source: { geo: { city_name: '' } } } },
  },
  {
    name: 'JSON: at the root, top-level sets and base fields but no nested-only sets',
    format: 'json',
    fixture: '{|}',
    includes: ['@timestamp', 'message', 'tags', 'labels', 'event', 'source', 'schema', 'trace', { label: 'source.geo.city_name', level: 'core' }],
    excludes: ['geo', 'as', 'os', 'hash', 'interface', 'geo.city_name', 'city_name'],
    choose: { label: 'schema.version', result: { schema: { version: '' } } },
  },
  {
    name: 'JSON: names already present in the object are not offered again',
    format: 'json',
    fixture: '{"source": {"ip": "10.0.0.1", "geo": {"city_name": "x"}, |}}',
    includes: ['port'],
    excludes: ['ip', 'geo', 'geo.city_name', 'geo.country_name'],
  },
  {
    name: 'JSON: numbers get 0, arrays [], objects {} as placeholders',
    format: 'json',
    fixture: '{"event": {"kind": "event", "ri|"}}',
    includes: [
      { label: 'risk_score', insertText: 'risk_score": ${1:0}' },
      { label: 'category', insertText: 'category": [$1]' },
      { label: 'id', insertText: 'id": "$1"' },
    ],
    choose: { label: 'risk_score', result: { event: { kind: 'event', risk_score: 0 } } },
  },
  {
    name: 'JSON: an open object field gets {}',
    format: 'json',
    fixture: '{"lab|"}',
    includes: [{ label: 'labels', insertText: 'labels": {$1}', kind: 'field' }],
    choose: { label: 'labels', result: { labels: {} } },
  },
  {
    name: 'JSON: a dotted key continues the typed prefix; the document is nested, so choosing nests',
    format: 'json',
    fixture: '{"source.ge|"}',
    includes: ['geo', 'geo.city_name', 'ip'],
    excludes: ['source', 'event'],
    choose: { label: 'geo.city_name', result: { source: { geo: { city_name: '' } } } },
  },
  {
    name: 'JSON: a dotted key that already has its value is renamed in place',
    format: 'json',
    fixture: '{"source.ge|": 1}',
    includes: ['geo', 'port'],
    choose: { label: 'port', result: { 'source.port': 1 } },
  },
  {
    name: 'JSON: renaming the first segment of a dotted key keeps the rest',
    format: 'json',
    fixture: '{"sou|rce.ip": "10.0.0.1"}',
    includes: [{ label: 'destination', filterText: 'destination', insertText: 'destination' }, 'client'],
    excludes: ['source.ip', 'destination.ip'],
    choose: { label: 'destination', result: { 'destination.ip': '10.0.0.1' } },
  },
  {
    name: 'JSON: dotted style (allowDottedKeys) inserts dotted keys',
    format: 'json',
    dotted: true,
    fixture: '{"source": {"ge|"}}',
    includes: [{ label: 'geo.city_name', insertText: 'geo.city_name": "$1"' }],
    choose: { label: 'geo.city_name', result: { source: { 'geo.city_name': '' } } },
  },
  {
    name: 'JSON: dotted style at the root offers full paths as flat keys',
    format: 'json',
    dotted: true,
    fixture: '{"@timestamp": "2024-01-01T00:00:00Z", "sou|"}',
    includes: ['source', 'source.ip'],
    choose: { label: 'source.geo.city_name', result: { '@timestamp': '2024-01-01T00:00:00Z', 'source.geo.city_name': '' } },
  },
  {
    name: 'JSON: dotted style continues into an object with a dot',
    format: 'json',
    dotted: true,
    fixture: '{"sou|"}',
    includes: [{ label: 'source', insertText: 'source.' }],
    choose: { label: 'source', text: '{"source."}' },
  },
  {
    name: 'JSON: the key already has its colon: only the name changes',
    format: 'json',
    fixture: '{"source": {"po|": 443}}',
    choose: { label: 'port', result: { source: { port: 443 } } },
  },
  {
    name: 'JSON: caret right after the closing quote of a key',
    format: 'json',
    fixture: '{"source": {"po"|: 443}}',
    choose: { label: 'port', result: { source: { port: 443 } } },
  },
  {
    name: 'JSON: caret outside quotes inserts them',
    format: 'json',
    fixture: '{"source": {"geo": {ci|}}}',
    includes: [{ label: 'city_name', insertText: '"city_name": "$1"' }],
    choose: { label: 'city_name', result: { source: { geo: { city_name: '' } } } },
  },
  {
    name: 'JSON: a missing comma before the new key is added',
    format: 'json',
    fixture: '{"event": {"kind": "event" "out|"}}',
    choose: { label: 'outcome', result: { event: { kind: 'event', outcome: '' } } },
  },
  {
    name: 'JSON: a comma is added when another member follows',
    format: 'json',
    fixture: '{"event": {|"kind": "event"}}',
    choose: { label: 'outcome', result: { event: { outcome: '', kind: 'event' } } },
  },
  {
    name: 'JSON: half-typed document without closing quote and brackets still completes',
    format: 'json',
    fixture: '{"source": {"geo": {"ci|',
    includes: [{ label: 'city_name', insertText: 'city_name": "$1"' }],
    choose: { label: 'city_name', text: '{"source": {"geo": {"city_name": ""' },
  },
  {
    name: 'JSON: reuses of user below user (target, effective, changes, group)',
    format: 'json',
    fixture: '{"user": {|}}',
    includes: ['name', 'id', 'target', 'effective', 'changes', 'group', 'target.name'],
  },
  {
    name: 'JSON: deprecated placements are flagged (host.user)',
    format: 'json',
    fixture: '{"host": {|}}',
    includes: [{ label: 'user', deprecated: true }, { label: 'user.name', deprecated: true }, { label: 'os', kind: 'object' }, 'os.type', 'hostname'],
  },
  {
    name: 'JSON: the second event of an array of events',
    format: 'json',
    fixture: '[{"event": {"kind": "event"}}, {"event": {"k|"}}]',
    includes: ['kind', 'category'],
    choose: { label: 'kind', result: [{ event: { kind: 'event' } }, { event: { kind: '' } }] },
  },
  {
    name: 'JSON: nothing under an open object or a custom field',
    format: 'json',
    fixture: '{"labels": {"a": "b", |}, "nginx": {}}',
    exactly: [],
  },
  {
    name: 'NDJSON: one event per line, nested insertion on the same line',
    format: 'ndjson',
    fixture: '{"event": {"kind": "event"}}\n{"source": {"ge|"}}\n',
    choose: { label: 'geo.city_name', result: [{ event: { kind: 'event' } }, { source: { geo: { city_name: '' } } }] },
  },
  {
    name: 'YAML: a key with no colon yet under source offers geo',
    format: 'yaml',
    fixture: 'source:\n  ge|',
    includes: [{ label: 'geo', kind: 'object', detail: 'object · core' }, 'geo.city_name'],
    excludes: ['source', 'event'],
    choose: { label: 'geo.city_name', text: 'source:\n  geo:\n    city_name: ', result: { source: { geo: { city_name: null } } } },
  },
  {
    // Found by the server fuzzer: junk typed into a long scalar made every item's text indent by the column (130 KB each).
    name: 'YAML: a name typed mid-line after other text inserts a one-line dotted key, not a block indented by its column',
    format: 'yaml',
    fixture: `${'ab '.repeat(30)}so|`,
    includes: [{ label: 'source', insertText: 'source.' }],
  },
  {
    // Found by the server fuzzer: a `{` or `,` earlier on the junk line counted as a flow collection, and every item
    // again nested by the column (a 100 KB line: 79 MB per answer); an object value indents from the line's indentation.
    name: 'YAML: mid-line after junk holding flow characters, names stay dotted and object values indent from the line',
    format: 'yaml',
    fixture: `${'ab '.repeat(30)}{x, y} ${'\\\\'.repeat(10)}so|`,
    includes: [{ label: 'source', insertText: 'source.' }, { label: 'source.geo.location', insertText: 'source.geo.location:\n  lat: ${1:0}\n  lon: ${2:0}' }],
  },
  {
    name: 'YAML: nested two levels',
    format: 'yaml',
    fixture: 'source:\n  geo:\n    ci|\n',
    includes: [{ label: 'city_name', level: 'core' }],
    choose: { label: 'city_name', result: { source: { geo: { city_name: null } } } },
  },
  {
    // Was taken as the top level of the event (every root name offered, 80 KB per answer).
    name: 'YAML: a caret at the very start of an indented key offers the names of that object',
    format: 'yaml',
    fixture: 'destination:\n  |port: 1\n',
    includes: ['address', 'ip'],
    excludes: ['destination', 'source', '@timestamp'],
    choose: { label: 'ip', result: { destination: { ip: 1 } } },
  },
  {
    name: 'YAML: an object key opens an indented block',
    format: 'yaml',
    fixture: 'source:\n  ge|',
    choose: { label: 'geo', text: 'source:\n  geo:\n    ' },
  },
  {
    name: 'YAML: the document indentation (4 spaces) is kept',
    format: 'yaml',
    fixture: 'event:\n    kind: event\nsource:\n    |',
    choose: { label: 'geo.city_name', text: 'event:\n    kind: event\nsource:\n    geo:\n        city_name: ', result: { event: { kind: 'event' }, source: { geo: { city_name: null } } } },
  },
  {
    name: 'YAML: a dotted key continues the typed prefix as a dotted key',
    format: 'yaml',
    fixture: 'source.ge|',
    includes: ['geo', 'geo.city_name'],
    choose: { label: 'geo.city_name', result: { 'source.geo.city_name': null } },
  },
  {
    name: 'YAML: dotted style inserts dotted keys below the current object',
    format: 'yaml',
    dotted: true,
    fixture: 'source:\n  |',
    choose: { label: 'geo.city_name', result: { source: { 'geo.city_name': null } } },
  },
  {
    name: 'YAML: @timestamp is quoted (a plain scalar cannot start with @)',
    format: 'yaml',
    fixture: '@ti|',
    includes: [{ label: '@timestamp', insertText: '"@timestamp": $1', level: 'core' }],
    choose: { label: '@timestamp', result: { '@timestamp': null } },
  },
  {
    name: 'YAML: arrays open a block sequence',
    format: 'yaml',
    fixture: 'tag|',
    choose: { label: 'tags', result: { tags: [null] } },
  },
  {
    name: 'YAML: renaming a key that has its value',
    format: 'yaml',
    fixture: 'source:\n  po|: 443\n',
    choose: { label: 'port', result: { source: { port: 443 } } },
  },
  {
    name: 'YAML: an event of a top-level sequence nests relative to the item',
    format: 'yaml',
    fixture: '- event:\n    kind: event\n- sour|\n',
    choose: { label: 'source.ip', result: [{ event: { kind: 'event' } }, { source: { ip: null } }] },
  },
  {
    name: 'YAML: the second document of a stream',
    format: 'yaml',
    fixture: 'event:\n  kind: event\n---\nevent:\n  outcome: success\n  |\n',
    includes: ['kind'],
    excludes: ['outcome'],
  },
];

const valueCases: Case[] = [
  {
    name: 'JSON: event.kind inside quotes gives its allowed values, in the spec order',
    format: 'json',
    fixture: '{"event": {"kind": "|"}}',
    exactly: KINDS,
    includes: [{ label: 'alert', kind: 'value', level: 'core', insertText: '"alert"' }],
    choose: { label: 'signal', result: { event: { kind: 'signal' } } },
  },
  {
    name: 'JSON: event.category outside an array inserts an array',
    format: 'json',
    fixture: '{"event": {"category": |}}',
    includes: ['authentication', 'web', { label: 'network', insertText: '["network"]' }],
    choose: { label: 'network', result: { event: { category: ['network'] } } },
  },
  {
    name: 'JSON: inside the event.type array, single values, minus those already there',
    format: 'json',
    fixture: '{"event": {"type": ["connection", "pro|"]}}',
    includes: [{ label: 'protocol', insertText: '"protocol"' }, 'start'],
    excludes: ['connection'],
    choose: { label: 'protocol', result: { event: { type: ['connection', 'protocol'] } } },
  },
  {
    name: 'JSON: a missing comma between array items is added',
    format: 'json',
    fixture: '{"event": {"category": ["network" |]}}',
    excludes: ['network'],
    choose: { label: 'web', result: { event: { category: ['network', 'web'] } } },
  },
  {
    name: 'JSON: event.outcome and event.agent_id_status',
    format: 'json',
    fixture: '{"event": {"outcome": "fa|", "agent_id_status": "verified"}}',
    exactly: ['failure', 'success', 'unknown'],
    choose: { label: 'failure', result: { event: { outcome: 'failure', agent_id_status: 'verified' } } },
  },
  {
    name: 'JSON: agent_id_status values',
    format: 'json',
    fixture: '{"event": {"agent_id_status": |}}',
    exactly: ['verified', 'mismatch', 'missing', 'auth_metadata_missing'],
  },
  {
    name: 'JSON: os.type under host.os',
    format: 'json',
    fixture: '{"host": {"os": {"type": "|"}}}',
    exactly: ['linux', 'macos', 'unix', 'windows'],
  },
  {
    name: 'JSON: network.direction offers its recommended values',
    format: 'json',
    fixture: '{"network": {"direction": "|"}}',
    exactly: DIRECTIONS,
    includes: [{ label: 'inbound', detail: 'recommended value of network.direction · core' }],
  },
  {
    name: 'JSON: booleans get true and false, unquoted',
    format: 'json',
    fixture: '{"tls": {"established": |}}',
    exactly: ['true', 'false'],
    choose: { label: 'false', result: { tls: { established: false } } },
  },
  {
    name: 'JSON: schema.version gets the schema version',
    format: 'json',
    fixture: '{"schema": {"version": "|"}}',
    choose: { label: '1.11.0', result: { schema: { version: '1.11.0' } } },
  },
  {
    name: 'JSON: a dotted key value completes too',
    format: 'json',
    fixture: '{"event.kind": |}',
    exactly: KINDS,
  },
  {
    name: 'JSON: no values for a free keyword field',
    format: 'json',
    fixture: '{"source": {"ip": "|"}}',
    exactly: [],
  },
  {
    name: 'NDJSON: values on the second line',
    format: 'ndjson',
    fixture: '{"event": {"kind": "event"}}\n{"event": {"outcome": |}}',
    choose: { label: 'success', result: [{ event: { kind: 'event' } }, { event: { outcome: 'success' } }] },
  },
  {
    name: 'YAML: event.kind with a half-typed value',
    format: 'yaml',
    fixture: 'event:\n  kind: al|\n',
    includes: [{ label: 'alert', insertText: 'alert' }],
    choose: { label: 'alert', result: { event: { kind: 'alert' } } },
  },
  {
    name: 'YAML: right after the colon, the value comes with its space',
    format: 'yaml',
    fixture: 'event:\n  kind:|',
    exactly: KINDS,
    choose: { label: 'alert', text: 'event:\n  kind: alert' },
  },
  {
    name: 'YAML: an item of a block sequence',
    format: 'yaml',
    fixture: 'event:\n  category:\n    - |\n',
    choose: { label: 'network', result: { event: { category: ['network'] } } },
  },
  {
    name: 'YAML: event.category without a sequence yet inserts a flow sequence',
    format: 'yaml',
    fixture: 'event:\n  category: |\n',
    choose: { label: 'iam', result: { event: { category: ['iam'] } } },
  },
  {
    name: 'YAML: schema.version stays a string',
    format: 'yaml',
    fixture: 'schema:\n  version: |\n',
    choose: { label: '1.11.0', result: { schema: { version: '1.11.0' } } },
  },
  {
    name: 'YAML: a single-quoted value keeps its quotes',
    format: 'yaml',
    fixture: "event:\n  outcome: 'su|'\n",
    choose: { label: 'success', text: "event:\n  outcome: 'success'\n" },
  },
];

for (const c of keyCases) test(`keys: ${c.name}`, () => void check(c));
for (const c of valueCases) test(`values: ${c.name}`, () => void check(c));

test('every item carries its level badge in level and detail, and core sorts before extended before custom', () => {
  for (const [fixture, format] of [['{"source": {|}}', 'json'], ['{|}', 'json'], ['log:\n  |', 'yaml'], ['{"event": {"kind": |}}', 'json']] as const) {
    const items = sorted(check({ name: fixture, format, fixture }));
    assert.ok(items.length > 0, fixture);
    const rank = { core: 0, extended: 1, custom: 2 };
    let last = 0;
    for (const item of items) {
      assert.ok(item.level, `${item.label} has a level`);
      assert.ok(item.detail.endsWith(item.level) || item.detail.includes(` ${item.level} `) || item.detail.includes(`· ${item.level}`), `${item.label}: ${item.detail}`);
      if (item.kind !== 'value') {
        assert.ok(rank[item.level] >= last, `${fixture}: ${item.label} (${item.level}) sorts after a ${Object.keys(rank)[last]} item`);
        last = rank[item.level];
      }
      assert.ok(completionDocs(testCatalog(), item.docPath).length > 0, `${item.label} has documentation`);
    }
  }
});

test('root completion ranks custom-level sets (git) after core and extended ones', () => {
  const items = sorted(check({ name: 'root', format: 'json', fixture: '{"|"}' }));
  const index = (label: string): number => items.findIndex((i) => i.label === label);
  assert.ok(index('event') < index('http'), 'core event before extended http');
  assert.ok(index('http') < index('git'), 'extended http before custom git');
  assert.equal(items.find((i) => i.label === 'git')?.level, 'custom');
});

test('documentation names the path, type, level and description', () => {
  const docs = (item: CompletionEntry): string => completionDocs(testCatalog(), item.docPath);
  const [item] = check({ name: 'doc', format: 'json', fixture: '{"source": {"geo": {"city|"}}}' }).filter((i) => i.label === 'city_name');
  assert.match(docs(item), /source\.geo\.city_name/);
  assert.match(docs(item), /keyword/);
  assert.match(docs(item), /core/);
  assert.match(docs(item), /City name/);
  const [kind] = check({ name: 'doc', format: 'json', fixture: '{"event": {"ki|"}}' }).filter((i) => i.label === 'kind');
  assert.match(docs(kind), /Allowed values: `alert`/);
  const [geo] = check({ name: 'doc', format: 'json', fixture: '{"source": {"g|"}}' }).filter((i) => i.label === 'geo');
  assert.match(docs(geo), /source\.geo/, 'an object documents itself');
  const [value] = check({ name: 'doc', format: 'json', fixture: '{"event": {"kind": |}}' }).filter((i) => i.label === 'alert');
  assert.match(docs(value), /event\.kind/, 'a value documents its field');
});

test('NDJSON and JSON insertions never contain a newline', () => {
  for (const fixture of ['{"source": {"|"}}', '{"|"}', '{"event": {"category": |}}']) {
    for (const item of check({ name: fixture, format: 'ndjson', fixture })) assert.ok(!item.insertText.includes('\n'), `${item.label}: ${item.insertText}`);
  }
});

test('a date field gets the current time in ISO 8601', () => {
  const before = Date.now();
  for (const [fixture, format] of [['{"@timestamp": |}', 'json'], ['event:\n  created: |\n', 'yaml']] as const) {
    const items = check({ name: fixture, format, fixture });
    assert.equal(items.length, 1, fixture);
    const [item] = items;
    assert.match(item.label, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const time = Date.parse(item.label);
    assert.ok(time >= before - 1000 && time <= Date.now() + 1000, `${item.label} is now`);
    const at = atCaret(fixture, format);
    const parsed = parseDocument(applyCompletion(at.text, at.event.start, item), format) as Record<string, unknown>;
    const value = format === 'json' ? parsed['@timestamp'] : (parsed.event as Record<string, unknown>).created;
    assert.equal(value, item.label, 'the inserted value is the ISO string, as a string');
  }
});

test('schema.version completion is the catalog version', () => {
  const items = check({ name: 'version', format: 'json', fixture: '{"schema": {"version": |}}' });
  assert.deepEqual(items.map((i) => i.label), [testCatalog().version]);
  assert.match(items[0].label, /^\d+\.\d+\.\d+$/);
});

test('at every offset of half-typed documents: no crash, and every range holds the caret on one line', () => {
  const documents: Array<[DocumentFormat, string]> = [
    ['json', '{"@timestamp": "2024-05-01T00:00:00Z", "source": {"geo": {"ci'],
    ['json', '{"event": {"kind": "al, "category": ["network" "web"], "type": [}, "source.ge": 1, "labels": {"a": {"b": 1}}'],
    ['json', '[{"event": {"kind": "event"}}, {"user": {"target": {"na": }}}, {]'],
    ['ndjson', '{"event": {"kind": "event"}}\n{"source": {"ip": "1.2.3.4", "ge\n\n{"host": {"os": {"type": "li"}}}\n'],
    ['yaml', 'event:\n  kind: al\n  category:\n    - net\n    -\n  type: [conn, \nsource:\n  ge\n  geo:\n    ci\n"@timestamp": \n'],
    ['yaml', '- event:\n    kind:\n- source.geo.ci\n  user:\n    target:\n      na\n---\nhost: {os: {type: }}\n'],
  ];
  for (const [format, text] of documents) {
    for (let offset = 0; offset <= text.length; offset++) {
      const fixture = `${text.slice(0, offset)}|${text.slice(offset)}`;
      if (fixture.indexOf('|') !== fixture.lastIndexOf('|')) continue;
      const at = atCaret(fixture, format);
      const items = complete(at.view, at.local, featureEnv(format));
      for (const item of items) {
        const where = `${format} ${JSON.stringify(fixture)} ${item.label}`;
        assert.ok(item.replace.start <= at.local && at.local <= item.replace.end, `${where}: range ${JSON.stringify(item.replace)} holds the caret ${at.local}`);
        assert.ok(!at.event.text.slice(item.replace.start, item.replace.end).includes('\n'), `${where}: range on one line`);
      }
    }
  }
});

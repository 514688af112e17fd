// One writer per syntax (document/syntax/): completion and quick fixes write a key, a value or a list item the same
// way, because both go through it. Each row applies a completion and a quick fix through the language service, as
// the editor does, and checks both results and the text they share character for character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentFormat, ObjectNode } from '../../server/src/document/model';
import { fileType } from '../../server/src/document/fileType';
import { parseEventDocument } from '../../server/src/kinds/events/eventDocument';
import type { PlainValue } from '../../server/src/document/syntaxes/writer';
import { writerFor } from '../../server/src/document/syntaxes/writerFor';
import { applyEdits } from '../../server/src/kinds/events/edits';
import { keySnippet } from '../../server/src/features/insertText';
import { LanguageService } from '../../server/src/service/languageService';
import { caret } from '../helpers/caret';
import { expandSnippet, testCatalog } from '../helpers/featureFixture';

const service = new LanguageService(testCatalog());
const FILES: Record<'events' | 'ingestPipeline', string> = { events: 'events/test.json', ingestPipeline: 'elasticsearch/ingest_pipeline/default.yml' };
/** The current time a fix writes for @timestamp, as the rows spell it. */
const NOW = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;

interface Row {
  name: string;
  kind: 'events' | 'ingestPipeline';
  format: 'json' | 'yaml';
  /** Text the completion and the fix each write once, the same way; for a list item, the shape both results end with. */
  writes: string | RegExp;
  /** A completion chosen at the caret (`‸`) and the document after it. */
  completion: { fixture: string; label: string; result: string };
  /** A quick fix of the first diagnostic with `code` (and `title` when given) and the document after it (`<now>` for the current time). */
  fix: { text: string; code: string; title?: string; result: string };
}

const EVENT_YAML = '"@timestamp": 2024-05-01T12:00:00Z\n';
const EVENT_JSON = '"@timestamp": "2024-05-01T12:00:00Z"';

const rows: Row[] = [
  {
    name: 'a key YAML must quote (@timestamp)', kind: 'events', format: 'yaml', writes: '"@timestamp": ',
    completion: { fixture: 'event:\n  kind: event\n@ti‸', label: '@timestamp', result: 'event:\n  kind: event\n"@timestamp": ' },
    fix: { text: 'event:\n  kind: event\nschema:\n  version: 1.11.0\n', code: 'missing-required', title: 'Add @timestamp',
      result: '"@timestamp": "<now>"\nevent:\n  kind: event\nschema:\n  version: 1.11.0\n' },
  },
  {
    name: 'a JSON key', kind: 'events', format: 'json', writes: '"@timestamp": "',
    completion: { fixture: '{"event": {"kind": "event"}, "@ti‸"}', label: '@timestamp', result: '{"event": {"kind": "event"}, "@timestamp": ""}' },
    fix: { text: '{"event": {"kind": "event"}, "schema": {"version": "1.11.0"}}', code: 'missing-required', title: 'Add @timestamp',
      result: '{"@timestamp": "<now>", "event": {"kind": "event"}, "schema": {"version": "1.11.0"}}' },
  },
  {
    name: 'nested keys indented by the file\'s own unit (four spaces)', kind: 'events', format: 'yaml', writes: 'schema:\n    version: ',
    completion: { fixture: `${EVENT_YAML}event:\n    kind: event\n‸`, label: 'schema.version', result: `${EVENT_YAML}event:\n    kind: event\nschema:\n    version: ` },
    fix: { text: `${EVENT_YAML}event:\n    kind: event\n`, code: 'missing-required', result: `${EVENT_YAML}event:\n    kind: event\nschema:\n    version: 1.11.0\n` },
  },
  {
    name: 'nested keys on one JSON line', kind: 'events', format: 'json', writes: '"schema": {"version": "',
    completion: { fixture: `{${EVENT_JSON}, "‸"}`, label: 'schema.version', result: `{${EVENT_JSON}, "schema": {"version": ""}}` },
    fix: { text: `{${EVENT_JSON}}`, code: 'missing-required', result: `{${EVENT_JSON}, "schema": {"version": "1.11.0"}}` },
  },
  {
    name: 'into an empty JSON object', kind: 'events', format: 'json', writes: '{"@timestamp": "',
    completion: { fixture: '{‸}', label: '@timestamp', result: '{"@timestamp": ""}' },
    fix: { text: '{}', code: 'missing-required', title: 'Add @timestamp', result: '{"@timestamp": "<now>"}' },
  },
  {
    name: 'into an empty YAML flow map', kind: 'events', format: 'yaml', writes: '{"@timestamp": ',
    completion: { fixture: '{‸}', label: '@timestamp', result: '{"@timestamp": }' },
    fix: { text: '{}', code: 'missing-required', title: 'Add @timestamp', result: '{"@timestamp": "<now>"}' },
  },
  {
    name: 'a list item in a YAML block sequence', kind: 'events', format: 'yaml', writes: /\n {4}- [\w.]+\n$/,
    completion: { fixture: `${EVENT_YAML}event:\n  category:\n    - network\n    - ‸\n`, label: 'iam', result: `${EVENT_YAML}event:\n  category:\n    - network\n    - iam\n` },
    fix: { text: `${EVENT_YAML}source:\n  ip: 192.0.2.2\nrelated:\n  ip:\n    - 192.0.2.1\n`, code: 'related-incomplete',
      result: `${EVENT_YAML}source:\n  ip: 192.0.2.2\nrelated:\n  ip:\n    - 192.0.2.1\n    - 192.0.2.2\n` },
  },
  {
    name: 'a list item in a YAML flow sequence', kind: 'events', format: 'yaml', writes: /: \[[\w.]+, [\w.]+\]\n$/,
    completion: { fixture: `${EVENT_YAML}event:\n  category: [network, ‸]\n`, label: 'iam', result: `${EVENT_YAML}event:\n  category: [network, iam]\n` },
    fix: { text: `${EVENT_YAML}source:\n  ip: 192.0.2.2\nrelated:\n  ip: [192.0.2.1]\n`, code: 'related-incomplete',
      result: `${EVENT_YAML}source:\n  ip: 192.0.2.2\nrelated:\n  ip: [192.0.2.1, 192.0.2.2]\n` },
  },
  {
    name: 'a value keeps the single quotes it was typed in (pipeline)', kind: 'ingestPipeline', format: 'yaml', writes: "value: 'alert'",
    completion: { fixture: "processors:\n  - set:\n      field: event.kind\n      value: 'al‸'\n", label: 'alert', result: "processors:\n  - set:\n      field: event.kind\n      value: 'alert'\n" },
    fix: { text: "processors:\n  - set:\n      field: event.kind\n      value: 'alrt'\n", code: 'set-value-invalid', title: "Replace with 'alert'",
      result: "processors:\n  - set:\n      field: event.kind\n      value: 'alert'\n" },
  },
  {
    name: 'a processor\'s required options at the file\'s unit (pipeline)', kind: 'ingestPipeline', format: 'yaml', writes: '\n          target_field: ',
    completion: { fixture: 'processors:\n    - set:\n          field: a\n          value: b\n    - renam‸\n', label: 'rename',
      result: 'processors:\n    - set:\n          field: a\n          value: b\n    - rename:\n          field: \n          target_field: \n' },
    fix: { text: 'processors:\n    - rename:\n          field: a\n', code: 'missing-option', result: 'processors:\n    - rename:\n          field: a\n          target_field: ""\n' },
  },
];

function complete(row: Row): string {
  const { text, offset } = caret(row.completion.fixture, '‸');
  const entries = service.complete(service.parse(text, fileType(row.kind, row.format)), FILES[row.kind], offset);
  const entry = entries.find((e) => e.label === row.completion.label);
  assert.ok(entry, `no completion '${row.completion.label}' among ${entries.slice(0, 20).map((e) => e.label).join(', ')}`);
  const edits = [{ start: entry.replace.start, end: entry.replace.end, newText: entry.snippet ? expandSnippet(entry.insertText) : entry.insertText }, ...(entry.additionalEdits ?? [])];
  return applyEdits(text, edits);
}

function fix(row: Row): string {
  const { text, code, title } = row.fix;
  const doc = service.parse(text, fileType(row.kind, row.format));
  const shown = service.diagnostics(doc, FILES[row.kind]);
  const diagnostic = shown.find((d) => d.code === code);
  assert.ok(diagnostic, `no ${code} among ${shown.map((d) => d.code).join(', ')}`);
  const fixes = service.codeActions(doc, FILES[row.kind], { start: diagnostic.start, end: diagnostic.end }, shown).filter((f) => f.kind === 'quickfix' && f.code === code);
  const chosen = fixes.find((f) => title === undefined || f.title.startsWith(title));
  assert.ok(chosen, `no fix '${title}' among ${fixes.map((f) => f.title).join(', ')}`);
  return applyEdits(text, chosen.edits).replace(NOW, '<now>');
}

/** How often `part` occurs in `text`. */
function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

for (const row of rows) {
  test(`completion and quick fix write alike: ${row.name} (${row.format})`, () => {
    const completed = complete(row);
    const fixed = fix(row);
    assert.equal(completed, row.completion.result);
    assert.equal(fixed, row.fix.result);
    const { text } = caret(row.completion.fixture, '‸');
    // Each wrote the shared text once more than the document had.
    for (const [before, after] of [[text, completed], [row.fix.text, fixed]]) {
      if (row.writes instanceof RegExp) {
        assert.match(after, row.writes);
        continue;
      }
      assert.equal(count(after, row.writes), count(before, row.writes) + 1, `${JSON.stringify(row.writes)} written once in ${JSON.stringify(after)}`);
    }
  });
}

/** Keys through both paths of the writer: a completion's snippet (expanded as the client does) and a fix's insertion. */
const keys: Array<{ name: string; format: DocumentFormat; key: string; written: string }> = [
  { name: 'YAML quotes what a plain scalar cannot start with', format: 'yaml', key: '@timestamp', written: '"@timestamp"' },
  { name: 'YAML quotes what YAML 1.1 reads as a boolean', format: 'yaml', key: 'on', written: '"on"' },
  { name: 'YAML quotes what reads as a number', format: 'yaml', key: '1.5', written: '"1.5"' },
  { name: 'YAML leaves a dotted name plain', format: 'yaml', key: 'source.geo.city_name', written: 'source.geo.city_name' },
  { name: 'YAML escapes a quote inside double quotes', format: 'yaml', key: 'a "b"', written: '"a \\"b\\""' },
  { name: 'JSON escapes quotes and backslashes', format: 'json', key: 'a"b\\c', written: '"a\\"b\\\\c"' },
  { name: 'snippet characters in a key are literal', format: 'json', key: 'x$y}', written: '"x$y}"' },
];

for (const row of keys) {
  test(`one key text for completion and fixes: ${row.name}`, () => {
    const writer = writerFor(row.format);
    const snippet = expandSnippet(keySnippet(writer, [row.key], { kind: 'object' }, false, 0, '  '));
    const text = row.format === 'yaml' ? 'a: 1\n' : '{"a": 1}';
    const root = parseEventDocument(text, row.format).events[0].root as ObjectNode;
    const edit = writer.insertKey(text, root, [row.key], 'v');
    assert.ok(edit, 'no edit');
    assert.equal(snippet.slice(0, row.written.length + 1), `${row.written}:`);
    assert.ok(edit.newText.includes(`${row.written}:`), edit.newText);
  });
}

/** A field's whole mapping from plain data, as the mapping and field-definition kinds insert it. */
const values: Array<{ name: string; format: DocumentFormat; text: string; path: string[]; data: PlainValue; result: string }> = [
  { name: 'YAML block, nested, at the file\'s unit', format: 'yaml', text: 'properties:\n   a:\n      type: keyword\n', path: ['properties', 'source'],
    data: { properties: { ip: { type: 'ip' }, port: { type: 'long' } } },
    result: 'properties:\n   a:\n      type: keyword\n   source:\n      properties:\n         ip:\n            type: ip\n         port:\n            type: long\n' },
  { name: 'pretty JSON, one key a line', format: 'json', text: '{\n  "properties": {\n    "a": {"type": "keyword"}\n  }\n}', path: ['properties', 'b'],
    data: { type: 'keyword', fields: { text: { type: 'match_only_text' } } },
    result: '{\n  "properties": {\n    "a": {"type": "keyword"},\n    "b": {\n      "type": "keyword",\n      "fields": {\n        "text": {\n          "type": "match_only_text"\n        }\n      }\n    }\n  }\n}' },
  { name: 'YAML block sequence of objects (y is a YAML 1.1 boolean: quoted)', format: 'yaml', text: 'a: 1\n', path: ['fields'], data: [{ name: 'x', type: 'keyword' }, { name: 'y', type: 'long' }],
    result: 'a: 1\nfields:\n  - name: x\n    type: keyword\n  - name: "y"\n    type: long\n' },
  { name: 'YAML flow map: flow style inside', format: 'yaml', text: 'a: {b: 1}\n', path: ['a', 'c'], data: { d: ['x', 'y z'] }, result: 'a: {b: 1, c: {d: [x, "y z"]}}\n' },
];

for (const row of values) {
  test(`writing plain data: ${row.name}`, () => {
    const root = parseEventDocument(row.text, row.format).events[0].root as ObjectNode;
    const [first, ...rest] = row.path;
    const holder = root.properties.find((p) => p.key === first)?.value;
    const object = holder?.kind === 'object' && rest.length > 0 ? holder : root;
    const edit = writerFor(row.format).insertKey(row.text, object, object === root ? row.path : rest, row.data);
    assert.ok(edit, 'no edit');
    assert.equal(applyEdits(row.text, [edit]), row.result);
  });
}


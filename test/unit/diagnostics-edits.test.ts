// The structured edits quick fixes are made of, on the shapes real files have: JSON commas and indentation,
// YAML block and flow maps, sequence items, CRLF line ends, a last line without a line break, quoting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEventDocument } from '../../server/src/kinds/events/eventDocument';
import { EventView } from '../../server/src/document/fieldRefs';
import type { DocumentFormat, ObjectNode } from '../../server/src/document/model';
import { keyText, scalarText } from '../../server/src/document/syntaxes/writerFor';
import { applyEdits, containerOf, insertField, removeProperty, renameKey } from '../../server/src/kinds/events/edits';

function view(text: string, format: DocumentFormat): EventView {
  return new EventView(parseEventDocument(text, format).events[0]);
}

const inserts: Array<{ name: string; format: DocumentFormat; text: string; path: string[]; value: string; position?: 'first' | 'last'; dotted?: boolean; result: string }> = [
  { name: 'JSON, last, pretty', format: 'json', text: '{\n  "a": 1\n}', path: ['b'], value: '2', result: '{\n  "a": 1,\n  "b": 2\n}' },
  { name: 'JSON, first, pretty, tabs', format: 'json', text: '{\n\t"a": 1\n}', path: ['b', 'c'], value: '2', position: 'first', result: '{\n\t"b": {\n\t\t"c": 2\n\t},\n\t"a": 1\n}' },
  { name: 'JSON, into an empty object', format: 'json', text: '{\n  "a": {}\n}', path: ['a', 'b'], value: '"x"', result: '{\n  "a": {\n    "b": "x"\n  }\n}' },
  { name: 'NDJSON, compact', format: 'ndjson', text: '{"a":1}', path: ['b', 'c'], value: '2', result: '{"a":1,"b":{"c":2}}' },
  { name: 'NDJSON, empty event', format: 'ndjson', text: '{}', path: ['b'], value: '2', result: '{"b": 2}' },
  { name: 'YAML, last line without a line break', format: 'yaml', text: 'a: 1\nb:\n  c: 2', path: ['b', 'd'], value: '3', result: 'a: 1\nb:\n  c: 2\n  d: 3' },
  { name: 'YAML, after a comment on the value line', format: 'yaml', text: 'a: 1 # note\nz: 9\n', path: ['b'], value: '2', result: 'a: 1 # note\nz: 9\nb: 2\n' },
  { name: 'YAML, CRLF', format: 'yaml', text: 'a:\r\n  b: 1\r\nz: 2\r\n', path: ['a', 'c'], value: '3', result: 'a:\r\n  b: 1\r\n  c: 3\r\nz: 2\r\n' },
  { name: 'YAML, sequence item, first', format: 'yaml', text: '- a: 1\n  b: 2\n', path: ['@timestamp'], value: 'x', position: 'first', result: '- "@timestamp": x\n  a: 1\n  b: 2\n' },
  { name: 'YAML, flow map', format: 'yaml', text: 'a: {b: 1}\n', path: ['a', 'c'], value: '2', result: 'a: {b: 1, c: 2}\n' },
  { name: 'YAML, new nested object, four-space indentation', format: 'yaml', text: 'a:\n    b: 1\n', path: ['c', 'd'], value: '2', result: 'a:\n    b: 1\nc:\n    d: 2\n' },
  { name: 'YAML, dotted', format: 'yaml', text: 'a.b: 1\n', path: ['schema', 'version'], value: '1.11.0', dotted: true, result: 'a.b: 1\nschema.version: 1.11.0\n' },
];

for (const row of inserts) {
  test(`insertField: ${row.name}`, () => {
    const v = view(row.text, row.format);
    const edit = insertField(v, row.format, row.path, row.value, { position: row.position, dotted: row.dotted });
    assert.ok(edit, 'no edit');
    assert.equal(applyEdits(row.text, [edit]), row.result);
  });
}

test('insertField refuses to create an object where a value is', () => {
  assert.equal(insertField(view('{"schema": "x"}', 'json'), 'json', ['schema', 'version'], '"1"'), undefined);
});

const removals: Array<{ name: string; format: DocumentFormat; text: string; key: string; result: string }> = [
  { name: 'JSON, middle', format: 'json', text: '{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}', key: 'b', result: '{\n  "a": 1,\n  "c": 3\n}' },
  { name: 'JSON, last', format: 'json', text: '{"a": 1, "b": 2}', key: 'b', result: '{"a": 1}' },
  { name: 'JSON, only', format: 'json', text: '{"a": 1}', key: 'a', result: '{}' },
  { name: 'YAML, a block line with its nested lines', format: 'yaml', text: 'a: 1\nb:\n  c: 2\nd: 3\n', key: 'b', result: 'a: 1\nd: 3\n' },
  { name: 'YAML, the last line without a line break', format: 'yaml', text: 'a: 1\nb: 2', key: 'b', result: 'a: 1' },
  { name: 'YAML, first key of a sequence item', format: 'yaml', text: '- a: 1\n  b: 2\n', key: 'a', result: '- b: 2\n' },
];

for (const row of removals) {
  test(`removeProperty: ${row.name}`, () => {
    const v = view(row.text, row.format);
    const property = v.get(row.key)?.property;
    assert.ok(property);
    const holder = containerOf(v.root, property) as ObjectNode;
    const edit = removeProperty(v.text, row.format, holder, property);
    assert.ok(edit, 'no edit');
    assert.equal(applyEdits(row.text, [edit]), row.result);
  });
}

test('renameKey keeps the quoting of the key', () => {
  const cases: Array<[DocumentFormat, string, string, string]> = [
    ['json', '{"a": 1}', 'b.c', '{"b.c": 1}'],
    ['yaml', "'a': 1\n", 'b', "'b': 1\n"],
    ['yaml', 'a: 1\n', '@timestamp', '"@timestamp": 1\n'],
    ['yaml', 'a: 1\n', 'host.ip', 'host.ip: 1\n'],
  ];
  for (const [format, text, key, result] of cases) {
    const v = view(text, format);
    assert.equal(applyEdits(text, [renameKey(text, format, v.refs[0].property, key)]), result);
  }
});

test('YAML scalars are quoted only when plain text would read differently', () => {
  assert.equal(scalarText('1.11.0', 'yaml'), '1.11.0');
  assert.equal(scalarText('1.11', 'yaml'), '"1.11"');
  assert.equal(scalarText('true', 'yaml'), '"true"');
  assert.equal(scalarText('yes', 'yaml'), '"yes"');
  assert.equal(scalarText('2024-05-01T12:00:00Z', 'yaml'), '"2024-05-01T12:00:00Z"');
  assert.equal(scalarText('a: b', 'yaml'), '"a: b"');
  assert.equal(scalarText('network', 'yaml'), 'network');
  assert.equal(scalarText(5, 'yaml'), '5');
  assert.equal(scalarText('x"y', 'json'), '"x\\"y"');
  assert.equal(keyText('@timestamp', 'yaml'), '"@timestamp"');
});

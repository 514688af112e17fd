// "What is at this offset": the answer completion and hover start from, for finished and half-typed text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventAt, parseEventDocument } from '../../server/src/kinds/events/eventDocument';
import { EventView } from '../../server/src/document/fieldRefs';
import type { DocumentFormat } from '../../server/src/document/model';
import { contextAt } from '../../server/src/document/positionContext';
import { caret } from '../helpers/caret';

interface Expected {
  kind: 'key' | 'newKey' | 'value' | 'none';
  /** The object path for keys, the field path for values. */
  path?: string;
  typed?: string;
  inArray?: boolean;
  segment?: number;
}

const cases: Array<[DocumentFormat, string, Expected]> = [
  ['json', '{"source": {"geo": {"ci|"}}}', { kind: 'key', path: 'source.geo', typed: 'ci', segment: 2 }],
  ['json', '{"source": {"geo": {"ci|', { kind: 'key', path: 'source.geo', typed: 'ci' }],
  ['json', '{"source": {|}}', { kind: 'newKey', path: 'source', typed: '' }],
  ['json', '{"source": {"ip": "1.2.3.4", |}}', { kind: 'newKey', path: 'source', typed: '' }],
  ['json', '{"source.ge|": 1}', { kind: 'key', path: '', typed: 'source.ge', segment: 1 }],
  ['json', '{"sou|rce.ip": 1}', { kind: 'key', path: '', typed: 'sou', segment: 0 }],
  ['json', '{"event": {"kind": "|"}}', { kind: 'value', path: 'event.kind', inArray: false }],
  ['json', '{"event": {"kind": |}}', { kind: 'value', path: 'event.kind', inArray: false }],
  ['json', '{"event": {"category": ["au|"]}}', { kind: 'value', path: 'event.category', inArray: true }],
  ['json', '{"event": {"category": [|]}}', { kind: 'value', path: 'event.category', inArray: true }],
  ['json', '[{"a": 1}, {"source": {"ip": "1.2|"}}]', { kind: 'value', path: 'source.ip' }],
  ['json', '{"a": 1}|', { kind: 'none' }],
  ['ndjson', '{"a": 1}\n{"event": {"|"}}\n', { kind: 'key', path: 'event', typed: '' }],
  ['yaml', 'source:\n  geo:\n    ci|\n', { kind: 'newKey', path: 'source.geo', typed: 'ci' }],
  ['yaml', 'source:\n  geo:\n    |\n', { kind: 'newKey', path: 'source.geo', typed: '' }],
  ['yaml', 'source:\n  geo:\n  |\n', { kind: 'newKey', path: 'source', typed: '' }],
  ['yaml', 'source:\n  ip: 1.2.3.4\n|\n', { kind: 'newKey', path: '', typed: '' }],
  ['yaml', 'event:\n  kind: al|\n', { kind: 'value', path: 'event.kind', inArray: false }],
  ['yaml', 'event:\n  kind: |\n', { kind: 'value', path: 'event.kind', inArray: false }],
  ['yaml', 'event:\n  kind:|\n', { kind: 'value', path: 'event.kind', inArray: false }],
  ['yaml', 'event:\n  kind:|', { kind: 'value', path: 'event.kind', inArray: false }],
  ['yaml', 'event:\n  category:\n    - |\n', { kind: 'value', path: 'event.category', inArray: true }],
  ['yaml', 'event:\n  category: [auth|]\n', { kind: 'value', path: 'event.category', inArray: true }],
  ['yaml', 'event.ki|: x\n', { kind: 'key', path: '', typed: 'event.ki', segment: 1 }],
  ['yaml', '- a: 1\n- sour|\n', { kind: 'newKey', path: '', typed: 'sour' }],
  ['yaml', '- source:\n    ip: 1\n  |\n', { kind: 'newKey', path: '', typed: '' }],
  ['yaml', '- source:\n    ip: 1\n    |\n', { kind: 'newKey', path: 'source', typed: '' }],
  ['yaml', 'sou|', { kind: 'newKey', path: '', typed: 'sou' }],
  ['yaml', 'source:\n  ge|\n  geo:\n    city_name: x\n', { kind: 'newKey', path: 'source', typed: 'ge' }],
  ['yaml', 'source:\n  ge\n  ge|o:\n    city_name: x\n', { kind: 'key', path: 'source', typed: 'ge' }],
  ['yaml', '|', { kind: 'newKey', path: '', typed: '' }],
];

for (const [format, fixture, expected] of cases) {
  test(`${format}: ${JSON.stringify(fixture)}`, () => {
    const { text, offset } = caret(fixture);
    const doc = parseEventDocument(text, format);
    const event = eventAt(doc, offset);
    const context = contextAt(new EventView(event), offset - event.start, format === 'yaml' ? 'yaml' : 'json');
    const actual: Expected = { kind: context.kind };
    if (context.kind === 'key') {
      Object.assign(actual, { path: context.objectPath.join('.'), typed: context.typed });
      if (expected.segment !== undefined) actual.segment = context.segment;
    } else if (context.kind === 'newKey') {
      Object.assign(actual, { path: context.objectPath.join('.'), typed: context.typed });
    } else if (context.kind === 'value') {
      actual.path = context.ref.path.join('.');
      if (expected.inArray !== undefined) actual.inArray = context.inArray;
    }
    assert.deepEqual(actual, expected);
  });
}

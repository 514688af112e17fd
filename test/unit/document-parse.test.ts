// The document layer: every file kind splits into events parsed on their own, never throws,
// keeps exact ranges, reports syntax problems, and reuses unchanged events after an edit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventAt, firstEvent, parseEventDocument } from '../../server/src/kinds/events/eventDocument';
import { EventView } from '../../server/src/document/fieldRefs';
import type { DocumentFormat, ValueNode } from '../../server/src/document/model';
import type { EventDocument } from '../helpers/events';

/** Plain JS value of a node, to compare parses with JSON.parse and the yaml library. */
function plain(node: ValueNode | undefined): unknown {
  if (!node) return undefined;
  switch (node.kind) {
    case 'object':
      return Object.fromEntries(node.properties.map((p) => [p.key, plain(p.value)]));
    case 'array':
      return node.items.map(plain);
    case 'invalid':
      return `<invalid ${node.raw}>`;
    default:
      return node.value;
  }
}

function events(text: string, format: DocumentFormat): unknown[] {
  return parseEventDocument(text, format).events.map((e) => plain(e.root));
}

function allErrors(doc: EventDocument): string[] {
  return [...doc.errors.map((e) => e.message), ...doc.events.flatMap((e) => e.errors.map((x) => x.message))];
}

const wellFormed: Array<{ name: string; format: DocumentFormat; text: string; expected: unknown[] }> = [
  { name: 'one JSON event', format: 'json', text: '{"@timestamp": "2026-01-01T00:00:00Z", "source": {"ip": "10.0.0.1", "port": 80}}', expected: [{ '@timestamp': '2026-01-01T00:00:00Z', source: { ip: '10.0.0.1', port: 80 } }] },
  { name: 'a JSON array of events', format: 'json', text: '[\n  {"a": 1},\n  {"b": [true, null, "x"]}\n]\n', expected: [{ a: 1 }, { b: [true, null, 'x'] }] },
  { name: 'strings with brackets and escapes in an array', format: 'json', text: '[{"m": "a ] } \\" ,"}, {"n": "[{"}]', expected: [{ m: 'a ] } " ,' }, { n: '[{' }] },
  { name: "Elastic's pipeline test results", format: 'json', text: '{\n  "expected": [\n    {"a": 1},\n    {"b": 2}\n  ]\n}\n', expected: [{ a: 1 }, { b: 2 }] },
  { name: 'NDJSON lines, blank lines skipped', format: 'ndjson', text: '{"a": 1}\r\n\n{"b": 2}\n', expected: [{ a: 1 }, { b: 2 }] },
  { name: 'one YAML event', format: 'yaml', text: 'source:\n  ip: 10.0.0.1\n  port: 80\nevent.kind: event\n', expected: [{ source: { ip: '10.0.0.1', port: 80 }, 'event.kind': 'event' }] },
  { name: 'YAML documents', format: 'yaml', text: 'a: 1\n---\nb: two\n...\n---\nc: [1, 2]\n', expected: [{ a: 1 }, { b: 'two' }, { c: [1, 2] }] },
  { name: 'a YAML sequence of events', format: 'yaml', text: '# events\n- a: 1\n  b: x\n-\n  c: true\n- d: {e: null}\n', expected: [{ a: 1, b: 'x' }, { c: true }, { d: { e: null } }] },
  { name: 'YAML scalars typed as the core schema does', format: 'yaml', text: 'i: 42\nf: 1.5\nh: 0x1F\nb: false\nn: ~\ns: "42"\nq: \'it\'\'s\'\nt: 2026-01-01T00:00:00Z\nv: 1.11.0\nblock: |\n  line one\n  line two\n', expected: [{ i: 42, f: 1.5, h: 31, b: false, n: null, s: '42', q: "it's", t: '2026-01-01T00:00:00Z', v: '1.11.0', block: 'line one\nline two\n' }] },
  { name: 'YAML anchors and aliases', format: 'yaml', text: 'a: &x {k: 1}\nb: *x\n', expected: [{ a: { k: 1 }, b: { k: 1 } }] },
];

for (const c of wellFormed) {
  test(`parses ${c.name}`, () => {
    const doc = parseEventDocument(c.text, c.format);
    assert.deepEqual(allErrors(doc), []);
    assert.deepEqual(events(c.text, c.format), c.expected);
  });
}

const broken: Array<{ name: string; format: DocumentFormat; text: string; error: RegExp; keeps: unknown[] }> = [
  { name: 'a missing comma between JSON events', format: 'json', text: '[{"a": 1} {"b": 2}]', error: /Comma/, keeps: [{ a: 1 }, { b: 2 }] },
  { name: 'a missing closing bracket', format: 'json', text: '[{"a": 1}, {"b": 2}', error: /Closing bracket/, keeps: [{ a: 1 }, { b: 2 }] },
  { name: 'an unterminated JSON string', format: 'json', text: '{"a": "x, "b": 1}', error: /./, keeps: [{ a: 'x, ', ': 1}': undefined }] },
  { name: 'a bare word as a JSON value', format: 'json', text: '{"a": tru}', error: /Invalid symbol/, keeps: [{ a: '<invalid tru>' }] },
  { name: 'comments in JSON', format: 'json', text: '{"a": 1 /* no */}', error: /Comments are not permitted/, keeps: [{ a: 1 }] },
  { name: 'a half-typed JSON document', format: 'json', text: '{"source": {"geo": {"ci', error: /./, keeps: [{ source: { geo: { ci: undefined } } }] },
  { name: 'a broken NDJSON line among good ones', format: 'ndjson', text: '{"a": 1}\n{"b": \n{"c": 3}\n', error: /Value expected/, keeps: [{ a: 1 }, { b: undefined }, { c: 3 }] },
  { name: 'a YAML key with no colon', format: 'yaml', text: 'a: 1\nfoo\nbar: 2\n', error: /needs a colon/, keeps: [{ a: 1, foo: undefined, bar: 2 }] },
  { name: 'a half-typed YAML key above a nested one', format: 'yaml', text: 'source:\n  ge\n  geo:\n    city_name: x\n', error: /needs a colon/, keeps: [{ source: { ge: undefined, geo: { city_name: 'x' } } }] },
  { name: 'a YAML key indented less than its siblings', format: 'yaml', text: 'source:\n    ip: 1\n  port: 2\n', error: /same column \(column 1, not 3\)/, keeps: [{ source: { ip: 1 }, port: 2 }] },
  { name: 'a compact nested YAML mapping', format: 'yaml', text: 'a: b: c\n', error: /compact mappings/, keeps: [{ a: { b: 'c' } }] },
  { name: 'an unterminated YAML quote', format: 'yaml', text: 'a: "x\n', error: /quote/, keeps: [{ a: 'x' }] },
  { name: 'an unclosed YAML flow sequence', format: 'yaml', text: 'a: [1, 2\n', error: /Missing closing/, keeps: [{ a: [1, 2] }] },
  { name: 'a YAML alias to nothing', format: 'yaml', text: 'a: *nope\n', error: /Unresolved alias/, keeps: [{ a: '<invalid *nope>' }] },
];

for (const c of broken) {
  test(`reports ${c.name} and keeps what parses`, () => {
    const doc = parseEventDocument(c.text, c.format);
    const errors = allErrors(doc);
    assert.ok(errors.some((m) => c.error.test(m)), `expected an error matching ${c.error}, got ${JSON.stringify(errors)}`);
    assert.deepEqual(events(c.text, c.format), c.keeps);
    for (const problem of [...doc.errors, ...doc.events.flatMap((e) => e.errors)]) {
      assert.ok(problem.start <= problem.end, 'error ranges are ordered');
    }
  });
}

test('every offset of a key and value is exact, in every format', () => {
  const cases: Array<[DocumentFormat, string]> = [
    ['json', '[{"source": {"ip": "1.2.3.4"}}, {"source.port": 80}]'],
    ['ndjson', '{"source": {"ip": "1.2.3.4"}}\n{"source.port": 80}\n'],
    ['yaml', '- source:\n    ip: 1.2.3.4\n- source.port: 80\n'],
  ];
  for (const [format, text] of cases) {
    const doc = parseEventDocument(text, format);
    const spelt = doc.events.flatMap((event) =>
      new EventView(event).refs.map((ref) => ({
        path: ref.path.join('.'),
        segments: ref.segments.map((s) => event.text.slice(s.start, s.end)),
        value: ref.value && ref.value.kind !== 'object' ? event.text.slice(ref.value.start, ref.value.end) : undefined,
        absoluteKey: text.slice(event.start + ref.pathSpan.start, event.start + ref.pathSpan.end),
      })),
    );
    const quote = format === 'yaml' ? '' : '"';
    assert.deepEqual(spelt, [
      { path: 'source', segments: ['source'], value: undefined, absoluteKey: 'source' },
      { path: 'source.ip', segments: ['ip'], value: `${quote}1.2.3.4${quote}`, absoluteKey: 'ip' },
      { path: 'source.port', segments: ['source', 'port'], value: '80', absoluteKey: 'source.port' },
    ], format);
  }
});

test('nested and dotted spellings reach the same path', () => {
  const doc = parseEventDocument('{"event": {"kind": "event"}, "event.outcome": "success", "host": {"os.name": "Debian"}}', 'json');
  const view = new EventView(doc.events[0]);
  assert.equal(view.get('event.kind')?.value?.kind, 'string');
  assert.equal(view.get('event.outcome')?.dotted, true);
  assert.deepEqual(view.get('host.os.name')?.path, ['host', 'os', 'name']);
  assert.equal(view.get('host.os'), undefined, 'no key names host.os by itself');
});

for (const format of ['json', 'yaml'] as const) {
  test(`an edit to one event reuses every other event (${format})`, () => {
    const make = (n: number, changed = -1): string =>
      format === 'json'
        ? `[\n${Array.from({ length: n }, (_, i) => `  {"event": {"id": "${i === changed ? 'edited' : i}"}}`).join(',\n')}\n]\n`
        : Array.from({ length: n }, (_, i) => `- event:\n    id: "${i === changed ? 'edited' : i}"\n`).join('');
    const before = parseEventDocument(make(50), format);
    const after = parseEventDocument(make(50, 17), format, before);
    const reused = after.events.filter((e, i) => e.root === before.events[i].root).length;
    assert.equal(after.events.length, 50);
    assert.equal(reused, 49, 'only the edited event is parsed again');
    assert.notEqual(after.events[17].root, before.events[17].root);
    const inserted = parseEventDocument(make(51), format, before);
    assert.equal(inserted.events.filter((e) => before.events.some((b) => b.root === e.root)).length, 50, 'appending keeps the others');
  });
}

test('eventAt finds the event under an offset, or an empty one past the end', () => {
  const text = '{"a": 1}\n{"b": 2}\n';
  const doc = parseEventDocument(text, 'ndjson');
  assert.equal(eventAt(doc, text.indexOf('"b"')).index, 1);
  assert.equal(eventAt(doc, 0).index, 0);
  const empty = eventAt(parseEventDocument('', 'yaml'), 0);
  assert.equal(empty.text, '');
  assert.equal(empty.root, undefined);
});

test('YAML disable comments map to their lines', () => {
  const doc = parseEventDocument('a: 1 # fieldwise-disable-line unknown-field, type-mismatch\n# fieldwise-disable-next-line\nb: 2\n', 'yaml');
  const lines = doc.events[0].disabledLines;
  assert.deepEqual([...(lines?.get(0) ?? [])], ['unknown-field', 'type-mismatch']);
  assert.deepEqual([...(lines?.get(2) ?? ['missing'])], [], 'an empty set disables every code on that line');
});

test('junk never throws and never loses the text', () => {
  const junk = [
    '\u0000\u0001\u00ff\ufffd'.repeat(1000),
    '['.repeat(5000),
    '{"a":'.repeat(3000),
    '- - - - -\n'.repeat(200),
    ':::\n  - ]\n{{{',
    '\ufeff{"a": 1}',
  ];
  for (const text of junk) {
    for (const format of ['json', 'ndjson', 'yaml'] as const) {
      const doc = parseEventDocument(text, format);
      assert.equal(doc.text, text);
      const valid = text.startsWith('\ufeff') || (format === 'yaml' && text.startsWith('- -'));
      assert.ok(valid || allErrors(doc).length > 0, `junk is reported (${format}: ${JSON.stringify(text.slice(0, 12))})`);
      for (const e of doc.events) assert.equal(text.slice(e.start, e.start + e.text.length), e.text);
    }
  }
});

test('nesting past the limit is one clear error, in every format and on both parser paths', () => {
  const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  for (const [format, text] of [
    ['json', deep(550)],
    ['json', deep(550).slice(0, -3)],
    ['ndjson', deep(5000)],
    ['yaml', 'a: ' + '['.repeat(600) + ']'.repeat(600)],
    ['yaml', Array.from({ length: 560 }, (_, i) => ' '.repeat(i * 2) + 'k:').join('\n') + ' 1\n'],
  ] as const) {
    const doc = parseEventDocument(text, format);
    const errors = allErrors(doc);
    assert.ok(errors.some((m) => /Nested deeper than 500 levels/.test(m)), `${format}: ${JSON.stringify(errors.slice(0, 3))}`);
    assert.equal(doc.events[0].root, undefined);
  }
  const fine = parseEventDocument(deep(450), 'json');
  assert.deepEqual(allErrors(fine), []);
});

// The splitter reads markers and blank lines by character code (it allocates nothing per line): these are the edges.
const yamlSplits: Array<{ name: string; text: string; events: string[] }> = [
  { name: 'a marker between CRLF lines', text: 'a: 1\r\n---\r\nb: 2\r\n', events: ['a: 1\r\n', 'b: 2\r\n'] },
  { name: 'four dashes, which are no marker', text: 'a: 1\n----\nb: 2\n', events: ['a: 1\n----\nb: 2\n'] },
  { name: 'three dashes and a letter, which are no marker', text: 'a: 1\n---x\nb: 2\n', events: ['a: 1\n---x\nb: 2\n'] },
  { name: 'a marker with a comment', text: 'a: 1\n--- # next\nb: 2\n', events: ['a: 1\n', 'b: 2\n'] },
  { name: 'a marker with its value on the line', text: '--- {a: 1}\n', events: [' {a: 1}\n'] },
  { name: 'an end marker, then a marker and a tab', text: 'a: 1\n...\n---\t\nb: 2\n', events: ['a: 1\n', 'b: 2\n'] },
  { name: 'items around a line of a space and a no-break space', text: '- a: 1\n \u00a0\n- b: 2\n', events: ['- a: 1\n \u00a0\n', '- b: 2\n'] },
  { name: 'items and a top-level key: one event', text: '- a: 1\nb: 2\n', events: ['- a: 1\nb: 2\n'] },
];
for (const c of yamlSplits) {
  test(`YAML splits ${c.name} as a reader does`, () => {
    assert.deepEqual(parseEventDocument(c.text, 'yaml').events.map((e) => e.text), c.events);
  });
}

test('the first event is found without splitting the rest of the file', () => {
  const cases: Array<[DocumentFormat, string]> = [
    ['json', '[{"a": 1}, {"b": 2}, {"c": '],
    ['json', '{"expected": [{"a": 1}, {"b": 2}]}'],
    ['ndjson', '\n{"a": 1}\n{"b": 2}\n'],
    ['yaml', '# events\n- a: 1\n- b: 2\n- c: [\n'],
    ['yaml', 'a: 1\n---\nb: 2\n'],
  ];
  for (const [format, text] of cases) {
    const first = firstEvent(text, format);
    assert.deepEqual(plain(first?.root), { a: 1 }, `${format}: ${JSON.stringify(text)}`);
    assert.deepEqual(first?.errors, []);
    assert.deepEqual(plain(first?.root), plain(parseEventDocument(text, format).events[0].root));
  }
  assert.equal(firstEvent('', 'yaml'), undefined);
  assert.equal(firstEvent('[]', 'json'), undefined);
});

test('a truncated line is one syntax error, not one per missing bracket', () => {
  const doc = parseEventDocument('{"a": {"b": [1, \n', 'ndjson');
  assert.equal(doc.events[0].errors.length, 1, JSON.stringify(doc.events[0].errors));
});

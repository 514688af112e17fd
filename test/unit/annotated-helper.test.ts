// The annotated-fixture helper itself (test/helpers/annotated.ts): how marks are read and written, and that a fixture
// whose marks disagree with the server fails, each kind of disagreement named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  annotate, Finding, markFormOf, messageMatches, readAnnotated, updating, UPDATE_VARIABLE, verifyAnnotated,
} from '../helpers/annotated';

const at = (line: number, character: number) => ({ line, character });

test('comment marks: carets under the line above, columns in brackets, stripped from the text the server reads', () => {
  const source = [
    '"@timestamp": 2024-05-01T12:00:00Z',
    '  source:',
    '#   ^^^ error unknown-field: Unknown…source',
    '#   [2..+1:3] warning a-b: two lines',
    '# [0] hint c: at the start',
    '    ip: 1',
    '',
  ].join('\n');
  const fixture = readAnnotated('events/x.yaml', source);
  assert.equal(fixture.text, '"@timestamp": 2024-05-01T12:00:00Z\n  source:\n    ip: 1\n');
  assert.deepEqual(fixture.form, { comment: '#' });
  assert.deepEqual(fixture.fileLines, [1, 2, 6, 7], 'where each line of the text is in the file, for messages');
  assert.deepEqual(fixture.marks.map((m) => ({ range: m.range, severity: m.severity, code: m.code, message: m.message, fileLine: m.fileLine })), [
    { range: { start: at(1, 4), end: at(1, 7) }, severity: 'error', code: 'unknown-field', message: 'Unknown…source', fileLine: 3 },
    { range: { start: at(1, 2), end: at(2, 3) }, severity: 'warning', code: 'a-b', message: 'two lines', fileLine: 4 },
    { range: { start: at(1, 0), end: at(1, 0) }, severity: 'hint', code: 'c', message: 'at the start', fileLine: 5 },
  ]);
});

test('ordinary comments stay in the text; so does a line that only looks like a mark further in', () => {
  const source = '# a comment\nkey: 1 # ^^^ not a mark\n';
  const fixture = readAnnotated('events/x.yaml', source);
  assert.equal(fixture.text, source);
  assert.deepEqual(fixture.marks, []);
});

test('the mark block of a JSON file: numbered copies of the lines, marks under them, stripped with its separator', () => {
  const source = [
    '[',
    '  {"a": 1}',
    ']',
    '//- expected',
    '2 |   {"a": 1}',
    '  |    ^^^ error x: one',
    '  | [0] hint y: zero width at column 0',
    '4 |',
    '  | [0] information z: after the final newline',
    '',
  ].join('\n');
  const fixture = readAnnotated('events/x.json', source);
  assert.equal(fixture.text, '[\n  {"a": 1}\n]\n');
  assert.equal(fixture.form, 'block');
  assert.deepEqual(fixture.staleQuotes, []);
  assert.deepEqual(fixture.marks.map((m) => [m.range, m.code]), [
    [{ start: at(1, 3), end: at(1, 6) }, 'x'],
    [{ start: at(1, 0), end: at(1, 0) }, 'y'],
    [{ start: at(3, 0), end: at(3, 0) }, 'z'],
  ]);
});

test('a mark block quoting a line the text no longer has there is stale', () => {
  const fixture = readAnnotated('events/x.ndjson', '{"a": 1}\n{"b": 2}\n//- expected\n1 | {"b": 2}\n  | ^ error x: m\n');
  assert.equal(fixture.staleQuotes.length, 1);
  assert.match(fixture.staleQuotes[0], /line 1 is quoted as "\{\\"b\\": 2\}", and the text has "\{\\"a\\": 1\}" there/);
});

test('marks that cannot be read say where and why', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['events/x.yaml', 'a: 1\n#  ^ fatal x: m\n', /events\/x\.yaml:2: 'fatal' is no severity/],
    ['events/x.yaml', 'a: 1\n#  ^ error\n', /events\/x\.yaml:2: after the range, expected ' <severity> <code>: <message>'/],
    ['events/x.yaml', '#  ^ error x: m\na: 1\n', /events\/x\.yaml:1: a mark before any line of text/],
    ['events/x.yaml', 'a: 1\n# [3..1] error x: m\n', /the range \[3\.\.1\] ends before it starts/],
    ['events/x.json', '{}\n//- expected\n  | ^ error x: m\n', /events\/x\.json:3: a mark before any quoted line/],
    ['events/x.json', '{}\n//- expected\nnot a mark\n', /events\/x\.json:3: in the mark block, expected/],
    ['events/x.json', '{}\n//- expected\n9 | {}\n', /quotes line 9, and the text has 2 lines/],
  ];
  for (const [path, source, message] of cases) assert.throws(() => readAnnotated(path, source), message, source);
});

test('the form of a file\'s marks follows its syntax: comments where it has them, the block where it has none', () => {
  assert.deepEqual(markFormOf('events/a.yaml'), { comment: '#' });
  assert.deepEqual(markFormOf('fieldDefinitions/fields/a.yml'), { comment: '#' });
  assert.equal(markFormOf('events/a.json'), 'block');
  assert.equal(markFormOf('events/a.ndjson'), 'block');
  assert.deepEqual(markFormOf('console/a.http'), { comment: '#' });
  assert.throws(() => markFormOf('other/a.txt'), /other\/a\.txt: no format of document\/syntaxes\/registry\.ts names this file/);
});

test('a message with `…` matches the server\'s when its parts come in order, the first at the start and the last at the end', () => {
  const message = "Unknown field 'source.ipp': no such field; did you mean 'source.ip'?";
  assert.ok(messageMatches(message, message));
  assert.ok(messageMatches("Unknown field 'source.ipp'…did you mean 'source.ip'?", message));
  assert.ok(messageMatches("Unknown field 'source.ipp'…", message));
  assert.ok(messageMatches("…no such…'source.ip'?", message));
  assert.ok(!messageMatches("Unknown field 'source.ipp'", message), 'a part without `…` is no match');
  assert.ok(!messageMatches("Unknown field 'source.ipq'…", message));
  assert.ok(!messageMatches("…did you mean 'source.port'?", message));
  assert.ok(!messageMatches('…such…no…', message), 'the parts in order');
  assert.ok(!messageMatches("Unknown field 'source.ipp': no…no such field; did you mean 'source.ip'?", message), 'parts may not overlap');
});

test('the writer puts each mark under its line, in columns where carets cannot draw it, and reads back as it wrote', () => {
  const finding = (range: Finding['range'], code: string, message = 'm'): Finding => ({ range, severity: 'warning', code, message });
  const yaml = readAnnotated('events/x.yaml', 'a: 1\n\tb: 2\nab: é3\n');
  const findings = [
    finding({ start: at(0, 0), end: at(0, 1) }, 'col-zero'),
    finding({ start: at(0, 3), end: at(0, 4) }, 'carets'),
    finding({ start: at(0, 3), end: at(0, 3) }, 'empty'),
    finding({ start: at(0, 3), end: at(1, 2) }, 'two-lines'),
    finding({ start: at(1, 4), end: at(1, 5) }, 'after-a-tab'),
    finding({ start: at(2, 4), end: at(2, 5) }, 'from-wide'),
    finding({ start: at(2, 1), end: at(2, 2) }, 'before-wide'),
    finding({ start: at(3, 0), end: at(3, 0) }, 'past-the-end'),
    finding({ start: at(0, 0), end: at(0, 4) }, 'escapes', 'DOMAIN\\name, C:\\dir and\na break'),
  ];
  const written = annotate(yaml, findings);
  assert.equal(written, [
    'a: 1',
    '# [0..1] warning col-zero: m',
    '# [0..4] warning escapes: DOMAIN\\\\name, C:\\dir and\\na break',
    '# [3] warning empty: m',
    '#  ^ warning carets: m',
    '# [3..+1:2] warning two-lines: m',
    '\tb: 2',
    '# [4..5] warning after-a-tab: m',
    'ab: é3',
    '#^ warning before-wide: m',
    '# [4..5] warning from-wide: m',
    '# [+1:0] warning past-the-end: m',
    '',
  ].join('\n'));
  const back = readAnnotated('events/x.yaml', written);
  assert.equal(back.text, yaml.text);
  const key = (f: Finding): string => `${JSON.stringify(f.range)} ${f.code} ${f.message}`;
  assert.deepEqual(back.marks.map(key).sort(), findings.map(key).sort());
});

test('the block writer numbers the lines it quotes and reads back as it wrote', () => {
  const json = readAnnotated('events/x.json', '[\n  {"a": 1}\n]\n');
  const findings: Finding[] = [
    { range: { start: at(1, 3), end: at(1, 6) }, severity: 'error', code: 'x', message: 'one' },
    { range: { start: at(0, 0), end: at(2, 1) }, severity: 'hint', code: 'y', message: 'all of it' },
  ];
  const written = annotate(json, findings);
  assert.equal(written, '[\n  {"a": 1}\n]\n//- expected\n1 | [\n  | [0..+2:1] hint y: all of it\n2 |   {"a": 1}\n  |    ^^^ error x: one\n');
  const back = readAnnotated('events/x.json', written);
  assert.equal(back.text, json.text);
  assert.deepEqual(back.marks.map((m) => [m.range, m.code]), findings.map((f) => [f.range, f.code]).reverse());
  assert.equal(annotate(json, []), json.text, 'no findings, no block');
});

// One event with one unknown field, in both mark forms: the server's answer is the mark as written.
const YAML_FIXTURE = [
  '"@timestamp": 2024-05-01T12:00:00Z',
  'schema.version: 1.11.0',
  'source:',
  '  prot: 443',
  "# ^^^^ error unknown-field: Unknown field 'source.prot'…did you mean 'source.port'?",
  '',
].join('\n');
const JSON_FIXTURE = [
  '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}, "source": {"prot": 443}}',
  '//- expected',
  '1 | {"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}, "source": {"prot": 443}}',
  "  |                                                                                     ^^^^ error unknown-field: Unknown field 'source.prot'…did you mean 'source.port'?",
  '',
].join('\n');

test('a fixture whose marks say what the server reports passes, in both forms, and the update would leave it as it is', () => {
  for (const [path, source] of [['events/x.yaml', YAML_FIXTURE], ['events/x.ndjson', JSON_FIXTURE]]) {
    const verdict = verifyAnnotated(path, source);
    assert.equal(verdict.checked.readAs, 'events');
    assert.deepEqual(verdict.problems, [], path);
    assert.equal(verdict.written, source, path);
  }
});

test('each way a mark can be wrong fails the fixture, named', () => {
  const cases: Array<[string, string, string, RegExp]> = [
    ['a missing mark', 'events/x.yaml', YAML_FIXTURE.replace(/^# .*\n/m, ''), /^reported, not marked: line 4 \[2\.\.6\] error unknown-field: Unknown field 'source\.prot'/],
    ['an extra mark', 'events/x.yaml', `${YAML_FIXTURE}# ^ error unknown-field: nothing\n`, /^marked, not reported: line 4 \[2\.\.3\] error unknown-field: nothing \(the mark is on line 6\)/],
    ['a wrong range', 'events/x.yaml', YAML_FIXTURE.replace('# ^^^^', '# ^^^'), /^wrong range:\n {6}marked {3}line 4 \[2\.\.5\]/],
    ['a wrong severity', 'events/x.yaml', YAML_FIXTURE.replace('^ error', '^ warning'), /^wrong severity:/],
    ['a wrong code', 'events/x.yaml', YAML_FIXTURE.replace('error unknown-field', 'error nested-only'), /^wrong code:/],
    ['a wrong message', 'events/x.yaml', YAML_FIXTURE.replace("'source.port'", "'source.ip'"), /^wrong message:/],
    ['a wrong range in the block', 'events/x.ndjson', JSON_FIXTURE.replace('  ^^^^ error', '   ^^^ error'), /^wrong range:/],
    ['a stale quote', 'events/x.ndjson', JSON_FIXTURE.replace('1 | {"@timestamp": "2024', '1 | {"@timestamp": "2025'), /^events\/x\.ndjson:3: line 1 is quoted as/],
  ];
  for (const [name, path, source, problem] of cases) {
    assert.notEqual(source, path.endsWith('.yaml') ? YAML_FIXTURE : JSON_FIXTURE, `${name}: the case changed nothing`);
    const { problems, written } = verifyAnnotated(path, source);
    assert.equal(problems.length, 1, `${name}: ${problems.join('\n')}`);
    assert.match(problems[0], problem, name);
    assert.deepEqual(verifyAnnotated(path, written).problems, [], `${name}: what the update mode writes passes`);
  }
});

test('a fixture read as another kind than its first folder names is misplaced', () => {
  const pipeline = 'processors:\n  - set:\n      field: event.kind\n      value: event\n';
  assert.equal(verifyAnnotated('ingestPipeline/ingest_pipelines/x.yml', pipeline).misplaced, undefined);
  assert.equal(verifyAnnotated('unrecognised/notes.yml', 'title: x\n').misplaced, undefined);
  assert.equal(
    verifyAnnotated('unrecognised/x.yml', pipeline).misplaced,
    'unrecognised/x.yml is read as ingestPipeline, and its folder says unrecognised: move it, or change what makes it that kind',
  );
  assert.match(verifyAnnotated('mapping/x.yml', pipeline).misplaced ?? '', /is read as ingestPipeline, and its folder says mapping/);
});

test('the update mode is off unless asked for, and refused under CI', () => {
  const saved = { update: process.env[UPDATE_VARIABLE], ci: process.env.CI };
  const restore = (name: string, value: string | undefined): void => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  try {
    delete process.env.CI;
    delete process.env[UPDATE_VARIABLE];
    assert.equal(updating(), false);
    process.env[UPDATE_VARIABLE] = '0';
    assert.equal(updating(), false);
    process.env[UPDATE_VARIABLE] = '1';
    assert.equal(updating(), true);
    process.env.CI = 'true';
    assert.throws(() => updating(), /FIELDWISE_UPDATE_FIXTURES is set in CI/);
  } finally {
    restore(UPDATE_VARIABLE, saved.update);
    restore('CI', saved.ci);
  }
});

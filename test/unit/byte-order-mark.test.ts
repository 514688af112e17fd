// A UTF-8 byte order mark at the start of a file is not content (document/syntaxes/byteOrderMark.ts): every parser,
// splitter and scanner, every kind's recognition and check, reads a file with one as it reads the file without it,
// with every position one code unit later, and no quick fix removes or repeats it.
import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Span, ValueNode } from '../../server/src/document/model';
import type { ParsedValue } from '../../server/src/document/syntaxes/json/jsonValue';
import { parseJsonTolerant, parseJsonValue } from '../../server/src/document/syntaxes/json/jsonValue';
import { parseJsonFast } from '../../server/src/document/syntaxes/json/jsonFast';
import { forEachRootKey } from '../../server/src/document/syntaxes/json/rootKeys';
import { parseYamlCst, parseYamlValue } from '../../server/src/document/syntaxes/yaml/yamlValue';
import { parseYamlFast } from '../../server/src/document/syntaxes/yaml/yamlFast';
import { splitJson } from '../../server/src/kinds/events/jsonSplit';
import { splitYaml } from '../../server/src/kinds/events/yamlSplit';
import { applyEdits } from '../../server/src/kinds/events/edits';
import { fileTypeOf } from '../../server/src/service/detect';
import type { FileType } from '../../server/src/document/fileType';
import { defaultSettings } from '../../server/src/service/settings';
import type { FwDiagnostic, QuickFix } from '../../server/src/features/types';
import { service, testCatalog } from './diagnostics-fixture';
import { fuzzInputs, FuzzInput } from '../fuzz/inputs';
import { caret } from '../helpers/caret';

const BOM = '\ufeff';
const LOGSTASH_BOM = 'The file starts with a byte order mark, which Logstash cannot read: save it without one.';
const lsp = service();
// Fixes that add `@timestamp` write the current time: one instant for both readings of a file.
mock.timers.enable({ apis: ['Date'], now: Date.parse('2024-05-01T12:00:00Z') });

/** A tree as its nodes' kinds, keys and spans, in document order, moved by `by`. */
function shape(node: ValueNode | undefined, by = 0): string[] {
  const out: string[] = [];
  const at = (s: Span): string => `${s.start + by}-${s.end + by}`;
  const walk = (n: ValueNode | undefined): void => {
    if (!n) return void out.push('(none)');
    out.push(`${n.kind} ${at(n)} ${n.kind === 'object' || n.kind === 'array' ? '' : n.kind === 'invalid' ? n.raw : JSON.stringify(n.value)}`);
    if (n.kind === 'object') for (const p of n.properties) {
      out.push(`key ${JSON.stringify(p.key)} ${at(p.keySpan)} ${at(p.keyTokenSpan)} colon ${p.colon === undefined ? '-' : p.colon + by}`);
      walk(p.value);
    }
    if (n.kind === 'array') for (const item of n.items) walk(item);
  };
  walk(node);
  return out;
}

function parsedShape(parsed: ParsedValue, by = 0): { tree: string[]; errors: string[] } {
  return { tree: shape(parsed.root, by), errors: parsed.errors.map((e) => `${e.start + by}-${e.end + by} ${e.message}`) };
}

const moved = (d: FwDiagnostic): string => `${d.code} ${d.severity} ${d.start + 1}-${d.end + 1} ${d.message}`;
const as = (d: FwDiagnostic): string => `${d.code} ${d.severity} ${d.start}-${d.end} ${d.message}`;
const edits = (fix: QuickFix, by: number): string[] => fix.edits.map((e) => `${e.start + by}-${e.end + by} ${JSON.stringify(e.newText)}`);

// Files of every kind: the corpus's, examples/ and generated ones (test/fuzz/inputs.ts), small enough for a unit test.
const inputs = fuzzInputs(20_000);

/** The path its kind's globs take (checked there), and one no glob takes (recognition by content alone). */
const paths = (input: FuzzInput): string[] => [`${input.kind.folder}/bom.${input.kind.extension}`, `elsewhere/bom.${input.kind.extension}`];

test('the inputs cover every kind and format', () => {
  assert.deepEqual([...new Set(inputs.map((i) => i.kind.label))].sort(), ['beats', 'console', 'field definitions', 'json', 'logstash', 'mapping', 'ndjson', 'pipeline', 'yaml']);
});

test('the parsers read a text with a byte order mark as the text without it, one code unit later', () => {
  for (const input of inputs) {
    // The Logstash syntax reports the mark (the kind test below); these are the JSON and YAML parsers.
    if (input.kind.format === 'logstash') continue;
    const text = input.text;
    const parsers: Array<[string, (t: string) => ParsedValue]> = input.kind.format === 'yaml'
      ? [['parseYamlValue', parseYamlValue], ['parseYamlCst', parseYamlCst], ['parseYamlFast', (t) => ({ root: parseYamlFast(t), errors: [] })]]
      : [['parseJsonValue', parseJsonValue], ['parseJsonTolerant', parseJsonTolerant], ['parseJsonFast', (t) => ({ root: parseJsonFast(t), errors: [] })]];
    for (const [name, parse] of parsers) {
      assert.deepEqual(parsedShape(parse(BOM + text)), parsedShape(parse(text), 1), `${name} on ${input.name}`);
    }
  }
});

test('the fast parsers take a file with a byte order mark (the tolerant ones are not asked)', () => {
  assert.ok(parseJsonFast(`${BOM}{"a": [1, "b"]}`));
  assert.ok(parseYamlFast(`${BOM}a:\n  b: 1\nc: [x]\n`));
  assert.ok(parseYamlFast(`${BOM}- name: a\n  type: keyword\n`));
});

test('a YAML file with a byte order mark: its first key is itself, its list is a list, and its columns are the same', () => {
  for (const text of [`${BOM}"@timestamp": 2024-05-01T12:00:00Z\nsource:\n  ip: 10.0.0.1\n`, `${BOM}- name: a\n  type: keyword\n- name: b\n  type: long\n`, `${BOM}a: &x 1\nb: *x\n`]) {
    const parsed = parseYamlValue(text);
    assert.deepEqual(parsed.errors, [], JSON.stringify(text));
    assert.deepEqual(parsedShape(parsed), parsedShape(parseYamlValue(text.slice(1)), 1));
  }
  assert.equal((parseYamlValue(`${BOM}"@timestamp": x\n`).root as { properties: Array<{ key: string }> }).properties[0].key, '@timestamp');
});

test('a byte order mark anywhere else is content (JSON reports it; nothing reads it as white space)', () => {
  assert.deepEqual(parseJsonValue('{"a": 1}\ufeff').errors.map((e) => e.start), [8]);
  assert.deepEqual(parseJsonValue(`${BOM}${BOM}{}`).errors.map((e) => e.start), [1]);
});

test('the splitters and the root-key scanner start after the byte order mark', () => {
  assert.deepEqual(splitJson(`${BOM}{"a": 1}`).pieces, [{ start: 1, end: 9 }]);
  assert.deepEqual(splitJson(`${BOM}[{"a": 1}, {"b": 2}]`).pieces, [{ start: 2, end: 10 }, { start: 12, end: 20 }]);
  assert.deepEqual(splitYaml(`${BOM}- a: 1\n- b: 2\n`), [{ start: 1, end: 8, item: true }, { start: 8, end: 15, item: true }]);
  assert.deepEqual(splitYaml(`${BOM}---\na: 1\n---\nb: 2\n`), [{ start: 5, end: 10 }, { start: 14, end: 19 }]);
  const keys: string[] = [];
  forEachRootKey(`${BOM}{"@timestamp": 1, "schema": {}}`, (key) => void keys.push(key));
  assert.deepEqual(keys, ['@timestamp', 'schema']);
});

test('every kind recognises, checks and fixes a file with a byte order mark as it does the file without it', () => {
  const recognised = (path: string, text: string): FileType | undefined => fileTypeOf(path, text, defaultSettings, testCatalog());
  for (const input of inputs) {
    const plain = input.text;
    const marked = BOM + plain;
    const [path, elsewhere] = paths(input);
    assert.equal(recognised(elsewhere, marked), recognised(elsewhere, plain), `${input.name} as ${elsewhere}: recognised alike`);
    const what = `${input.name} as ${path}`;
    const type = recognised(path, plain);
    assert.equal(recognised(path, marked), type, `${what}: recognised alike`);
    if (!type) continue;
    const docs = [lsp.parse(plain, type), lsp.parse(marked, type)];
    const [before, after] = docs.map((doc) => lsp.diagnostics(doc, path));
    // Logstash itself refuses a config that starts with a mark (docs/logstash.md): that one syntax error comes first.
    const refused = type.kind === 'logstash' ? [`syntax-error error 0-1 ${LOGSTASH_BOM}`] : [];
    assert.deepEqual(after.map(as), [...refused, ...before.map(moved)], `${what}: the same findings, one code unit later`);
    const [fixesBefore, fixesAfter] = docs.map((doc, i) => lsp.codeActions(doc, path, { start: 0, end: doc.text.length }, i === 0 ? before : after));
    assert.deepEqual(fixesAfter.map((f) => [f.title, edits(f, 0)]), fixesBefore.map((f) => [f.title, edits(f, 1)]), `${what}: the same fixes, one code unit later`);
    fixesAfter.forEach((fix, i) => {
      assert.equal(applyEdits(marked, fix.edits), BOM + applyEdits(plain, fixesBefore[i].edits), `${what}: '${fix.title}' keeps the byte order mark, once`);
    });
  }
});

test('the issue\'s cases: a YAML event keeps its first key, a JSON event is checked, a fix-all keeps the mark', () => {
  const yaml = `${BOM}"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  version: 1.11.0\nsource:\n  prot: 80\n`;
  const yamlType = fileTypeOf('events/e.yml', yaml, defaultSettings, testCatalog())!;
  const yamlDoc = lsp.parse(yaml, yamlType);
  const yamlCodes = lsp.diagnostics(yamlDoc, 'events/e.yml').map((d) => `${d.code} ${yaml.slice(d.start, d.end)}`);
  assert.deepEqual(yamlCodes, ['unknown-field prot']);

  const disabled = `${BOM}source: {prot: 80} # fieldwise-disable-line unknown-field\n"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  version: 1.11.0\n`;
  assert.deepEqual(lsp.diagnostics(lsp.parse(disabled, yamlType), 'events/e.yml'), [], 'a disable comment on the first line holds');

  const json = `${BOM}{"@timestamp": "2024-05-01T12:00:00Z", "source": {"prot": 80}, "destination": {"prot": 53}}`;
  const type = fileTypeOf('e.json', json, defaultSettings, testCatalog());
  assert.equal(type?.kind, 'events', 'recognised by content');
  const doc = lsp.parse(json, type);
  const found = lsp.diagnostics(doc, 'e.json');
  assert.deepEqual(found.map((d) => `${d.code} ${json.slice(d.start, d.end)}`), ['missing-required {', 'unknown-field prot', 'unknown-field prot']);
  const fixAll = lsp.codeActions(doc, 'e.json', { start: 0, end: json.length }, found).filter((f) => f.kind === 'source.fixAll');
  assert.ok(fixAll.length > 0, 'a fix-all is offered');
  for (const fix of fixAll) {
    const fixed = applyEdits(json, fix.edits);
    assert.ok(fixed.startsWith(`${BOM}{`), `'${fix.title}' keeps one byte order mark: ${JSON.stringify(fixed.slice(0, 20))}`);
    assert.deepEqual(parseJsonValue(fixed).errors, [], `'${fix.title}' leaves JSON`);
  }
});

test('console text with a byte order mark is read as console text', () => {
  const text = `${BOM}PUT _ingest/pipeline/p\n{"processors": [{"set": {"field": "source.prot", "value": "x"}}]}\n`;
  const type = fileTypeOf('requests.http', text, defaultSettings, testCatalog(), 'es-console');
  assert.equal(type?.console, true);
  const found = lsp.diagnostics(lsp.parse(text, type), 'requests.http');
  assert.ok(found.some((d) => d.code === 'unknown-field' && text.slice(d.start, d.end) === 'prot'), found.map((d) => d.code).join(', '));
});

/** A feature's answer with every span (`start`/`end` pair) and position (`offset`) moved by `by`. */
function spansMoved(value: unknown, by: number): unknown {
  if (Array.isArray(value)) return value.map((v) => spansMoved(v, by));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  const span = typeof record.start === 'number' && typeof record.end === 'number';
  for (const [key, v] of Object.entries(record)) {
    const position = (span && (key === 'start' || key === 'end')) || (key === 'offset' && typeof v === 'number');
    out[key] = position ? (v as number) + by : spansMoved(v, by);
  }
  return out;
}

test('completion, hover and inlay hints answer alike with a byte order mark, one code unit later (the first line too)', () => {
  const cases: Array<[file: string, fixture: string]> = [
    ['events/e.yml', 'sour|'],
    ['events/e.yml', '"@timestamp": 2024-05-01T12:00:00Z\nsource:\n  geo:\n    ci|\n'],
    ['events/e.json', '{"sour|": 1}'],
    ['events/e.ndjson', '{"@timestamp": "2024-05-01T12:00:00Z", "event": {"kind": "al|"}}\n'],
    ['elasticsearch/ingest_pipeline/p.yml', 'processors:\n  - set:\n      field: source.i|\n'],
    ['elasticsearch/ingest_pipeline/p.yml', 'processors:\n  - se|\n'],
    ['elasticsearch/ingest_pipeline/p.yml', '- rena|\n'],
    ['packages/p/data_stream/log/fields/f.yml', '- name: source.po|\n  type: keyword\n'],
    ['elasticsearch/index_templates/t.json', '{"mappings": {"properties": {"source": {"properties": {"i|": {"type": "ip"}}}}}}'],
  ];
  for (const [file, fixture] of cases) {
    const { text, offset } = caret(fixture);
    const answers = [text, BOM + text].map((t, by) => {
      const type = fileTypeOf(file, t, defaultSettings, testCatalog());
      assert.ok(type, `${file}: recognised`);
      const doc = lsp.parse(t, type);
      return {
        completion: lsp.complete(doc, file, offset + by),
        hover: lsp.hover(doc, file, offset + by) ?? null,
        hints: lsp.inlayHints(doc, file, { start: 0, end: t.length }),
      };
    });
    assert.ok(answers[0].completion.length > 0, `${fixture}: something is offered`);
    assert.deepEqual(answers[1], spansMoved(answers[0], 1), fixture);
  }
});

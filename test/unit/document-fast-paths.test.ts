// The fast parsers must build exactly what the library-backed parsers build, and defer to them
// (return undefined) on anything else: checked on the real-world corpus, generated events and tricky snippets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { parseJsonFast } from '../../server/src/document/syntaxes/json/jsonFast';
import { parseJsonTolerant } from '../../server/src/document/syntaxes/json/jsonValue';
import { splitJson } from '../../server/src/kinds/events/jsonSplit';
import { parseYamlFast } from '../../server/src/document/syntaxes/yaml/yamlFast';
import { parseYamlCst } from '../../server/src/document/syntaxes/yaml/yamlValue';
import { pieceText, splitYaml } from '../../server/src/kinds/events/yamlSplit';
import { plainTree } from '../helpers/plainTree';
import { corpusFiles, readCorpus } from '../helpers/corpus';


function sampleEvent(i: number): Record<string, unknown> {
  return {
    '@timestamp': new Date(1_700_000_000_000 + i * 1000).toISOString(),
    schema: { version: '1.11.0' },
    event: { kind: 'event', category: ['network'], type: ['connection'], duration: i * 1000, original: `raw "line" ${i}: a=b # not a comment` },
    source: { ip: `10.0.${i % 256}.1`, port: 1024 + i, geo: { location: { lat: 48.8, lon: -2.3 }, city_name: i % 2 ? 'Paris' : "Saint-Jean-d'Angély" } },
    message: i % 3 ? `multi\nline ${i}` : `it's ${i} o'clock: fine`,
    tags: i % 4 ? ['a', 'b c'] : [],
    labels: { empty: '', yes: 'yes', number_like: '0123', nothing: null, 'dotted.key': true },
    'url.full': 'https://example.com/a?b=c#d',
  };
}

function yamlPieces(text: string): string[] {
  return splitYaml(text).map((p) => pieceText(text, p));
}

const tricky = [
  'a: b: c\n', 'a:\n  - 1\n - 2\n', 'key\nother: 1\n', 'a: "x\n', 'a: [1, 2\n', 'a: *x\n', 'a: &x 1\nb: *x\n', 'a: !!str 1\n',
  'a: |\n  x\n', 'a: >\n  x\n', '? a\n: b\n', 'a: 1\n  b: 2\n', 'a:\n  b: 1\n c: 2\n', 'a: "\\x41"\n', "a: 'x\n  y'\n", 'a: x\n  y\n',
  'a: [1, 2,]\n', 'a: {b: [1, {c: d}]}\n', 'a:\n- 1\n- 2\nb: 3\n', '- - 1\n  - 2\n- 3\n', '"quoted key": 1\n\'single\': 2\n', 'a: 1 # c\n# d\nb: 2\n',
  'a: |-\n  x\n  y\nb: 1\n', 'a: |\n  x\n\n  y\n\nb: 1\n', 'a: |+\n  x\n\nb: 1\n', '- |-\n  x\n  y\n', 'a: |-\n    x\n   # c\n  \nb: 1\n',
  'a: |\n  x\n   y\n  z\n', 'a: |\n\n  x\n', 'a: |\n   \n  x\n', 'a: |\n  x', 'a: | # c\n  x\n', 'a:\n  - |\n    x\n  - y\n', 'a: |\nb: 1\n',
  'a:\tb\n', '\ta: 1\n', 'a: -1\nb: -x\nc: - x\n', 'a: 12:30\nb: http://x:8080/\n', 'a: #c\n  b: 1\n', 'null: 1\n80: x\ntrue: y\n', 'a: {}\nb: []\n',
];

test('the fast YAML parser agrees with the yaml library wherever it answers', () => {
  const inputs = [...tricky];
  for (const file of corpusFiles('YAML files', (f) => /\.ya?ml$/.test(f))) inputs.push(...yamlPieces(readCorpus(file)));
  for (const indent of [2, 4]) {
    inputs.push(...yamlPieces(stringify(Array.from({ length: 40 }, (_, i) => sampleEvent(i)), { indent })));
    inputs.push(...yamlPieces(stringify(sampleEvent(7), { indent, flowCollectionPadding: false, collectionStyle: 'flow' })));
  }
  let answered = 0;
  for (const text of inputs) {
    const fast = parseYamlFast(text);
    if (!fast) continue;
    answered++;
    const reference = parseYamlCst(text);
    assert.deepEqual(reference.errors, [], `fast path accepted text the library rejects: ${JSON.stringify(text.slice(0, 120))}`);
    assert.deepEqual(plainTree(fast), plainTree(reference.root), JSON.stringify(text.slice(0, 120)));
  }
  assert.ok(answered > inputs.length / 2, `the fast path answered ${answered} of ${inputs.length}`);
});

/** Multi-line quoted values (Beats' and packages' long descriptions), one per folding rule: the fast path takes each. */
const multiLineQuoted = [
  "a: 'x\n  y'\n", 'a: "x\n  y"\n', // a line break folds to a space
  "a: 'one\n\n  two\n\n\n  three'\nb: 1\n", 'a: "one\n\n  two\n \n  three"\n', // empty lines fold to newlines
  'a: "x   \n   y   "\n', "a: 'x   \n   y'\n", 'a: "x \n \n y"\n', // white space around the break is trimmed
  'a: "x\\\n   y"\n', 'a: "x \\\n   \\ y"\n', 'a: "x\\\n  "\n', // `\` joins lines without a space
  'a: "x\r\n  y\r\n\r\n  z"\r\nb: 2\r\n', "a: 'x\r\n  y'\r\n", 'a: "x\\\r\n  y"\r\n', // CRLF
  'a: "x\n  \ty"\n', 'a: "x\t\n  y"\n', // tabs
  'a: "x\n  # not a comment"\n', "a: 'x\n  #y'\n", 'a: "x\n  y" # c\nb: 1\n', // `#` inside and after
  'a: "x\n  "\n', "a: 'x\n  '''\n", "a: 'x\n  ''y'' z'\n", 'a: "x\n  \\"y\\" z"\n', 'a: "\n  x\n  "\n', // a quote at a line start
  'a: "x\n  ---\n  y"\n', 'a: "\\xAE x\n  y"\n', 'a: "Microsoft\\xAE Windows"\n', // a marker inside, `\x` escapes
  'a:\n  b: "x\n   y"\n  c: 1\n', '- "x\n  y"\n- 2\n', '- a: "x\n   y"\n  b: 1\n', // continuation indented past the key or `-`
];

/** Multi-line quoted values the library reports errors for, or the fast path is not sure of: it leaves them. */
const multiLineQuotedLeft = [
  'a: "x\ny"\n', '- "x\ny"\n', 'a:\n  b: "x\n  y"\n', '- a: "x\n  y"\n', 'a: "x\n\t y"\n', 'a: "x\n\t\n  y"\n', // not indented enough
  'a: "x\n  y\nb: 1\n', 'a: "x\n  y', "a: 'x\n  y", "a: '\n'\n", 'a: "x\\\n"\n', // unterminated
  'a: "x\n  y" z\n', 'a: "x\n  y"\n  b: 1\n', 'a: "\\q\n  y"\n', 'a: "x\n---\n  y"\n', 'a: "x\r  y\n  z"\n', // errors, a lone CR
  '"k\n y": 1\n', 'a: ["x\n  y"]\n', '"x\n y"\n', // keys, flow collections and a lone document scalar stay one-line
];

test('multi-line quoted values take the fast YAML path and fold as the library folds', () => {
  for (const text of multiLineQuoted) {
    const fast = parseYamlFast(text);
    assert.ok(fast, `the fast path takes ${JSON.stringify(text)}`);
    const reference = parseYamlCst(text);
    assert.deepEqual(reference.errors, [], JSON.stringify(text));
    assert.deepEqual(plainTree(fast), plainTree(reference.root), JSON.stringify(text));
  }
  for (const text of multiLineQuotedLeft) assert.equal(parseYamlFast(text), undefined, `the library decides ${JSON.stringify(text)}`);
});

/** Multi-line plain values (Beats' long `example:`s): the fast path takes them where the library finds no error. */
const multiLinePlain = [
  'a: x\n  y\nb: 1\n', 'a: x y\n\n  z\n\n\n  w\nb: 1\n', 'a: x   \n   y   \n', 'a: x\r\n  y\r\nb: 1\r\n', 'a: x\n  y', 'a: x\n  y\n \n',
  'a: 1\n  2\n', 'a: true\n  false\n', 'a: x\n  - y\n', 'a: x\n  c#d\n', 'a: x\n  "y"\n', 'a: x\n  ---\n', 'a: x\n  :y\n', 'a: x\n  y:z\n', // typed and read as the library does
  '- x\n  y\n- z\n', '- a: x\n   y\n  b: 1\n', 'a:\n  b: x\n   y\n  c: 1\n', 'a: x\n  y\n   z\n',
];

const multiLinePlainLeft = [
  'a: x\n  y: z\n', 'a: x\n  y:\n', 'a: x\n  y :\n', 'a: x\n  y\n    z: 1\n', // a key on a continuation line
  'a: x\n  y #c\n', 'a: x\n  # c\n', 'a: x # c\n  y\n', 'a: x\n  \ty\n', 'a: x\n\ty\n', 'a: x\n  y\rz\n', // comments, tabs, a lone CR
  'a: x\ny\n', '- a: x\n  y\n', 'k:\n  x\n  y\n', 'a: "q"\n  y\n', 'a: [1]\n  y\n', // not indented enough, or not after a plain start
  'a: 1\n \r b: 2\n', 'a: 1\n\r  b: 2\n', 'a: x\n \r y\n', // a lone CR at a line's start is no blank line
];

test('multi-line plain values take the fast YAML path where the library finds no error', () => {
  for (const text of multiLinePlain) {
    const fast = parseYamlFast(text);
    assert.ok(fast, `the fast path takes ${JSON.stringify(text)}`);
    const reference = parseYamlCst(text);
    assert.deepEqual(reference.errors, [], JSON.stringify(text));
    assert.deepEqual(plainTree(fast), plainTree(reference.root), JSON.stringify(text));
  }
  for (const text of multiLinePlainLeft) assert.equal(parseYamlFast(text), undefined, `the library decides ${JSON.stringify(text)}`);
});

test("Beats' own field file (long quoted and plain values) takes the fast YAML path whole", () => {
  const text = readCorpus('elastic-ecs/generated/beats/fields.ecs.yml');
  const fast = parseYamlFast(text);
  assert.ok(fast, 'the fast path takes fields.ecs.yml');
  const reference = parseYamlCst(text);
  assert.deepEqual(reference.errors, []);
  assert.deepEqual(plainTree(fast), plainTree(reference.root));
});

test('generated events, the shape of real event files, take the fast YAML path', () => {
  const text = stringify(Array.from({ length: 20 }, (_, i) => sampleEvent(i)));
  const pieces = yamlPieces(text);
  assert.equal(pieces.filter((p) => parseYamlFast(p) !== undefined).length, pieces.length);
});

test('the fast JSON parser agrees with jsonc-parser wherever it answers', () => {
  const inputs = ['{"a": 1e5, "b": -0.5, "c": "\\u00e9\\n", "d": [true, false, null], "e": {}}', '{"a": 01}', '{"a": 1,}', '{"a" 1}', '[1 2]', '{"a": "\u0001"}', '{"a": .5}', '{"a": -}', '{"a": tru}', '{"a": 1} x'];
  for (const file of corpusFiles('JSON files', (f) => /\.json$/.test(f))) {
    const text = readCorpus(file);
    inputs.push(text, ...splitJson(text).pieces.map((p) => text.slice(p.start, p.end)));
  }
  inputs.push(JSON.stringify(Array.from({ length: 30 }, (_, i) => sampleEvent(i)), null, 2));
  let answered = 0;
  for (const text of inputs) {
    const fast = parseJsonFast(text);
    if (!fast) continue;
    answered++;
    const reference = parseJsonTolerant(text);
    assert.deepEqual(reference.errors, [], `fast path accepted text jsonc-parser rejects: ${JSON.stringify(text.slice(0, 120))}`);
    assert.deepEqual(plainTree(fast), plainTree(reference.root), JSON.stringify(text.slice(0, 120)));
  }
  assert.ok(answered >= inputs.length - 10, `the fast path answered ${answered} of ${inputs.length}`);
});

// Decoded string values with offsets: the value equals what the project's parsers (fast and tolerant paths)
// and the `yaml` package give for the same token, and every name found in the value maps back to the file's
// own characters, through escapes, quotes, folding and block indentation. Inputs come from a seeded generator
// (fast-check is not installed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYamlLibrary } from 'yaml';
import { random } from '../../bench/generate';
import { longJsonString } from '../../bench/responsiveness';
import { charactersRead } from '../helpers/charactersRead';
import { parseJsonFast } from '../../server/src/document/syntaxes/json/jsonFast';
import { parseJsonTolerant } from '../../server/src/document/syntaxes/json/jsonValue';
import { parseYamlFast } from '../../server/src/document/syntaxes/yaml/yamlFast';
import { parseYamlCst } from '../../server/src/document/syntaxes/yaml/yamlValue';
import type { ScalarNode, ScalarStyle, ValueNode } from '../../server/src/document/model';
import { decodedOffsetAt, decodeString, decodeWithOffsets, mapSpan, type StringSyntax } from '../../server/src/document/syntaxes/stringOffsets';

const NAMES = ['source.ip', 'user.name', '@timestamp', 'a', 'event.kind', '_tmp.x', 'geo'];

/** The string scalar at `k` (a map), the first item (a sequence) or `a.k` (nested), whichever the text holds. */
function scalarIn(root: ValueNode | undefined): ScalarNode | undefined {
  let node = root;
  for (let depth = 0; depth < 3 && node; depth++) {
    if (node.kind === 'object') node = node.properties[node.properties.length - 1]?.value;
    else if (node.kind === 'array') node = node.items[0];
    else break;
  }
  return node && node.kind === 'string' ? node : undefined;
}

/** What a raw fragment of a token decodes to, by the syntax's own parser: the fragment must decode to the name. */
function decodeFragment(fragment: string, style: ScalarStyle, syntax: StringSyntax): string {
  if (syntax === 'json') return JSON.parse(`"${fragment}"`) as string;
  if (style === 'double') return parseYamlLibrary(`"${fragment}"`) as string;
  if (style === 'single') return fragment.replace(/''/g, "'");
  return fragment;
}

/** Every name-like run of the value maps to raw text that decodes to exactly that run. */
function assertNamesMap(text: string, node: ScalarNode, syntax: StringSyntax, blockIndent: number | undefined, label: string): void {
  const style = node.style ?? 'plain';
  const decoded = decodeWithOffsets(node.raw, style, syntax, blockIndent);
  assert.ok(decoded, label);
  assert.equal(decoded.value, node.value, `${label}: value`);
  for (const match of decoded.value.matchAll(/[A-Za-z_@][A-Za-z0-9_.@]*/g)) {
    const span = mapSpan(decoded, { start: match.index, end: match.index + match[0].length }, node.start);
    const fragment = text.slice(span.start, span.end);
    assert.equal(decodeFragment(fragment, style, syntax), match[0], `${label}: ${JSON.stringify(match[0])} maps to ${JSON.stringify(fragment)}`);
    // A caret just before and after the name comes back to the same decoded offsets.
    assert.equal(decodedOffsetAt(decoded, span.start - node.start), match.index, `${label}: caret before ${match[0]}`);
  }
  for (let i = 1; i < decoded.offsets.length; i++) assert.ok(decoded.offsets[i] >= decoded.offsets[i - 1], `${label}: offsets never go back`);
}

// ---- JSON ----

const JSON_PIECES = [
  ...NAMES, ' ', '\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u00e9', '\\u002e', '\\ud83d\\ude00', 'é', '😀', '%{IP:', '}', '{{', '}}', "ctx['", "']",
  // A name spelt with an escape in the middle still maps to its own characters.
  'source\\u002eip', 'us\\u0065r',
];

function jsonString(next: () => number): string {
  let body = '';
  const count = Math.floor(next() * 8);
  for (let i = 0; i < count; i++) body += JSON_PIECES[Math.floor(next() * JSON_PIECES.length)];
  return `"${body}"`;
}

test('JSON strings: value equals JSON.parse and both parser paths; names map to their own characters', () => {
  const next = random(11);
  for (let n = 0; n < 250; n++) {
    const raw = jsonString(next);
    for (const text of [`{"k": ${raw}}`, `[${raw}]`, `{"a": {"k": ${raw}}}`]) {
      const expected = JSON.parse(raw) as string;
      for (const [name, root] of [['fast', parseJsonFast(text)], ['tolerant', parseJsonTolerant(text).root]] as const) {
        const node = scalarIn(root);
        assert.ok(node, `${name}: ${text}`);
        assert.equal(node.value, expected);
        assertNamesMap(text, node, 'json', undefined, `${name} ${text}`);
      }
    }
  }
});

test('a JSON string without escapes maps without offset tables, exactly as the tables map it', () => {
  const next = random(13);
  const raws = [...Array.from({ length: 250 }, () => jsonString(next)), '""', '"source.ip"', '"a\tb"', '"x', '"a\\"b"', '"line\nbreak"'];
  for (const raw of raws) {
    const plain = decodeString(raw, 'double', 'json');
    const tabled = decodeWithOffsets(raw, 'double', 'json');
    assert.ok(plain && tabled, raw);
    assert.equal(plain.value, tabled.value, raw);
    const n = tabled.value.length;
    for (let start = 0; start <= n + 1; start++) {
      for (let end = start - 1; end <= n + 1; end++) assert.deepEqual(mapSpan(plain, { start, end }, 7), mapSpan(tabled, { start, end }, 7), `${raw} [${start}, ${end})`);
    }
    for (let at = -1; at <= raw.length + 1; at++) assert.equal(decodedOffsetAt(plain, at), decodedOffsetAt(tabled, at), `${raw} caret ${at}`);
  }
  assert.ok('from' in decodeString('"source.ip"', 'double', 'json')!, 'a plain string builds no tables');
});

const JSON_BROKEN = [
  '{"k": "a\\qb source.ip"}', // an unknown escape: the scanner drops it
  '{"k": "a\\u12zz user.name"}', // a short \u escape
  '{"k": "source.ip', // no closing quote at the end of the text
  '{"k": "x\\',
  '{"k": "a\tb source.ip"}', // a raw control character
];

test('JSON strings the tolerant parser recovers: same value, names still map', () => {
  for (const text of JSON_BROKEN) {
    const node = scalarIn(parseJsonTolerant(text).root);
    assert.ok(node, text);
    const decoded = decodeWithOffsets(node.raw, 'double', 'json');
    assert.equal(decoded?.value, node.value, text);
    const name = NAMES.find((n) => decoded.value.includes(n));
    if (!name) continue;
    const index = decoded.value.indexOf(name);
    const span = mapSpan(decoded, { start: index, end: index + name.length }, node.start);
    assert.equal(text.slice(span.start, span.end), name, text);
  }
});

// ---- YAML ----

type Gen = (next: () => number, indent: number) => { scalar: string; blockIndent?: number };

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)];

function words(next: () => number, count: number, extra: readonly string[] = []): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(pick(next, [...NAMES, ...extra]));
  return parts.join(pick(next, [' ', '  ', '-', '/']));
}

const plain: Gen = (next, indent) => {
  const cont = ' '.repeat(indent + 2);
  // A plain scalar may not start with `@` (reserved).
  let s = pick(next, ['source.ip', 'ctx.a?.b', 'a']) + ' ' + words(next, Math.floor(next() * 3), ['%{IP:source.ip}', '{{user.name}}', "it's"]);
  const lines = Math.floor(next() * 3);
  for (let i = 0; i < lines; i++) s += pick(next, ['\n', '  \n', '\n\n', '\n \n']) + cont + pick(next, ['', ' ']) + words(next, 1 + Math.floor(next() * 2));
  return { scalar: s };
};

const single: Gen = (next, indent) => {
  const cont = ' '.repeat(indent + 1);
  let s = "'";
  const count = 1 + Math.floor(next() * 6);
  for (let i = 0; i < count; i++) s += pick(next, [...NAMES, "''", ' ', '"', `\n${cont}`, `\n\n${cont}`, `  \n${cont}`, "ctx[''a.b'']", '\\n']);
  return { scalar: `${s}'` };
};

const double: Gen = (next, indent) => {
  const cont = ' '.repeat(indent + 1);
  let s = '"';
  const count = 1 + Math.floor(next() * 6);
  for (let i = 0; i < count; i++) {
    s += pick(next, [
      ...NAMES, ' ', "'", '\\"', '\\\\', '\\n', '\\t', '\\/', '\\ ', '\\_', '\\u00e9', '\\x41', '\\U0001F600', '\\u002e', 'source\\x2eip',
      `\\\n${cont}`, `\n${cont}`, `\n\n${cont}`, `  \n${cont}`, 'us\\\n' + cont + 'er',
    ]);
  }
  return { scalar: `${s}"` };
};

const block: Gen = (next, indent) => {
  const header = pick(next, ['|', '|-', '|+', '>', '>-', '>+', '|2', '>2-', '|+1', '>1', '| # a comment']);
  const indicator = Number(/[0-9]/.exec(header)?.[0] ?? 0);
  const base = indent + (indicator || 2);
  let s = `${header}\n`;
  const count = 1 + Math.floor(next() * 5);
  for (let i = 0; i < count; i++) {
    const blank = i > 0 && next() < 0.25;
    // Auto-detected indentation comes from the first line, so only later lines may be more indented.
    const extra = i === 0 && !indicator ? 0 : pick(next, [0, 0, 0, 1, 2]);
    s += blank ? `${' '.repeat(Math.floor(next() * (base + 1)))}\n` : `${' '.repeat(base + extra)}${words(next, 1 + Math.floor(next() * 3))}\n`;
  }
  if (next() < 0.5) s += pick(next, ['\n', '\n\n', `${' '.repeat(base)}\n`]);
  return { scalar: s, blockIndent: indicator ? indent : undefined };
};

/** A document holding `scalar` at column `indent`, and the container's column (the block scalar's parent indent). */
function yamlDocs(gen: Gen, next: () => number): Array<{ text: string; blockIndent?: number }> {
  const asValue = gen(next, 0);
  const nested = gen(next, 2);
  const item = gen(next, 0);
  const suffix = (s: string): string => (s.endsWith('\n') ? s : `${s}\n`);
  return [
    { text: `k: ${suffix(asValue.scalar)}`, blockIndent: asValue.blockIndent },
    { text: `a:\n  k: ${suffix(nested.scalar)}`, blockIndent: nested.blockIndent },
    { text: `- ${suffix(item.scalar)}`, blockIndent: item.blockIndent },
  ];
}

for (const [style, gen] of [['plain', plain], ['single', single], ['double', double], ['block', block]] as const) {
  test(`YAML ${style} scalars: value equals the yaml package and both parser paths; names map to their own characters`, () => {
    const next = random(style.length * 7919);
    let fastChecked = 0;
    for (let n = 0; n < 150; n++) {
      for (const { text, blockIndent } of yamlDocs(gen, next)) {
        const library = parseYamlLibrary(text) as unknown;
        const expected = scalarIn(toNodeLike(library));
        const cst = scalarIn(parseYamlCst(text).root);
        assert.ok(cst, `cst: ${JSON.stringify(text)}`);
        assert.equal(cst.style, style, JSON.stringify(text));
        assert.equal(cst.value, expected?.value, `the CST path agrees with the library: ${JSON.stringify(text)}`);
        assertNamesMap(text, cst, 'yaml', blockIndent, `cst ${JSON.stringify(text)}`);
        const fast = scalarIn(parseYamlFast(text));
        if (fast) {
          fastChecked++;
          assertNamesMap(text, fast, 'yaml', blockIndent, `fast ${JSON.stringify(text)}`);
        }
      }
    }
    // The fast path takes plain and quoted values (multi-line too) and literal blocks; folded blocks it leaves.
    if (style !== 'plain') assert.ok(fastChecked > 0, 'some documents went through the fast path');
  });
}

/** The library's plain value, shaped like the model so `scalarIn` finds the same place. */
function toNodeLike(value: unknown): ValueNode | undefined {
  if (typeof value === 'string') return { kind: 'string', value, raw: '', start: 0, end: 0 };
  if (Array.isArray(value)) return { kind: 'array', start: 0, end: 0, items: value.map((v) => toNodeLike(v) ?? { kind: 'invalid', raw: '', start: 0, end: 0 }) };
  if (value && typeof value === 'object') {
    const properties = Object.entries(value).map(([key, v]) => ({ key, keySpan: { start: 0, end: 0 }, keyTokenSpan: { start: 0, end: 0 }, value: toNodeLike(v) }));
    return { kind: 'object', start: 0, end: 0, properties };
  }
  return undefined;
}

const YAML_CASES: Array<{ text: string; blockIndent?: number; name: string; at: string }> = [
  // [document, name to find, the raw text it must map to]
  { text: 'k: "a \\"source.ip\\" b"\n', name: 'source.ip', at: 'source.ip' },
  { text: "k: 'it''s source.ip'\n", name: "it's", at: "it''s" },
  { text: 'k: "caf\\u00e9.x"\n', name: 'café.x', at: 'caf\\u00e9.x' },
  { text: 'k: "x \\U0001F600 user.name"\n', name: 'user.name', at: 'user.name' },
  { text: 'k: "source.\\\n   ip"\n', name: 'source.ip', at: 'source.\\\n   ip' },
  { text: 'k: |\n  line one\n  %{IP:source.ip}\n', name: 'source.ip', at: 'source.ip' },
  { text: 'k: >-\n  folded\n  {{user.name}}\n', name: 'user.name', at: 'user.name' },
  { text: 'a:\n  k: |2\n       indented\n     source.ip\n', blockIndent: 2, name: 'source.ip', at: 'source.ip' },
  { text: 'k: plain\n  continued source.ip\n', name: 'source.ip', at: 'source.ip' },
  { text: 'k: "crlf\r\n  source.ip"\r\n', name: 'source.ip', at: 'source.ip' },
  { text: 'k: |\r\n  a\r\n  source.ip\r\n', name: 'source.ip', at: 'source.ip' },
  // Folded quoted strings (Beats' long descriptions): the name maps past the folds to its own line.
  { text: "k: 'Long text\n\n  about source.ip\n  here'\n", name: 'source.ip', at: 'source.ip' },
  { text: 'k: "Long text   \n\n   about\tsource.ip  \n  here"\n', name: 'source.ip', at: 'source.ip' },
  { text: "a:\n  k: 'it''s\r\n\r\n    user.name'\r\n", name: 'user.name', at: 'user.name' },
  { text: '- "see\n  \\"source.\\\n  ip\\""\n', name: 'source.ip', at: 'source.\\\n  ip' },
  { text: 'k: "Microsoft\\xAE\n  user.name"\n', name: '® user.name', at: '\\xAE\n  user.name' },
];

test('YAML hand-picked tokens: each name maps to exactly the characters the file spells it with, on both parser paths', () => {
  const cases = YAML_CASES.flatMap((c) => [{ ...c, root: parseYamlCst(c.text).root }, { ...c, root: parseYamlFast(c.text) }]);
  for (const { text, blockIndent, name, at, root } of cases) {
    // The fast path may leave a token (a folded block, a multi-line plain scalar) to the CST path.
    if (!root) continue;
    const node = scalarIn(root);
    assert.ok(node, text);
    const decoded = decodeWithOffsets(node.raw, node.style ?? 'plain', 'yaml', blockIndent);
    assert.ok(decoded, text);
    assert.equal(decoded.value, node.value, text);
    const index = decoded.value.indexOf(name);
    assert.ok(index >= 0, `${name} in ${JSON.stringify(decoded.value)}`);
    const span = mapSpan(decoded, { start: index, end: index + name.length }, node.start);
    assert.equal(text.slice(span.start, span.end), at, JSON.stringify(text));
  }
});

test('a block scalar with an indentation indicator needs the parent indent; JSON takes only double quotes', () => {
  assert.equal(decodeWithOffsets('|2\n    x\n', 'block', 'yaml'), undefined);
  assert.equal(decodeWithOffsets('|2\n    x\n', 'block', 'yaml', 0)?.value, '  x\n');
  assert.equal(decodeWithOffsets("'a'", 'single', 'json'), undefined);
  assert.equal(decodeWithOffsets('a', 'double', 'yaml'), undefined);
});

test('empty and half-typed tokens decode without throwing, and carets map inside them', () => {
  for (const [raw, style, syntax] of [
    ['""', 'double', 'json'], ['"', 'double', 'json'], ["''", 'single', 'yaml'], ["'", 'single', 'yaml'], ['"', 'double', 'yaml'],
    ['|', 'block', 'yaml'], ['|\n', 'block', 'yaml'], ['>+\n\n\n', 'block', 'yaml'], ['', 'plain', 'yaml'], ['"\\', 'double', 'yaml'], ['"\\u12', 'double', 'yaml'],
  ] as const) {
    const decoded = decodeWithOffsets(raw, style, syntax);
    assert.ok(decoded, raw);
    assert.equal(decoded.offsets.length, decoded.value.length + 1, raw);
    assert.equal(decodedOffsetAt(decoded, raw.length), decoded.value.length, raw);
    const all = mapSpan(decoded, { start: 0, end: decoded.value.length }, 0);
    assert.ok(all.start <= all.end && all.end <= raw.length, raw);
  }
});

test('a long string decodes in linear time: each raw character is read a bounded number of times', () => {
  const raw = longJsonString();
  const { result: decoded, read } = charactersRead(() => decodeWithOffsets(raw, 'double', 'json'));
  assert.equal(decoded?.value.length, (JSON.parse(raw) as string).length);
  // Each character is scanned, copied and given its offsets; a quadratic decoder reads some n/2 per character.
  assert.ok(read <= 8 * raw.length, `${read} characters read for a ${raw.length}-character token`);
});

/** Odd corners of YAML: no final newline, keep chomping, more-indented folded lines, tabs, CRLF, bad escapes. */
const YAML_CORNERS = [
  'k: |\n  a', 'k: |+\n  a', 'k: |+\n  a\n\n', 'k: >\n  a\n    more\n  b\n\n  c\n', 'k: >\n\ta\n', 'k: |-\n', 'k: | # c\n  x\n',
  'k: >\r\n  a\r\n  b\r\n\r\n  c\r\n', 'k: |\n    \n  a\n', 'k: >\n  a\n   \n  b\n', 'k: >+\n  a\n\n\n', 'k: |\n  a\n \tb\n', 'k: >-\n  a\n  \tb\n  c\n',
  "k: 'a\n\n\n  b  '\n", 'k: "a\\\n  \\ b"\n', 'k: "\\x4"\n', 'k: "\\q"\n', 'k: plain\n\n  more\n', 'k: "a \\\r\n  b"\n', "k: '\n  a'\n", 'k: "\n"\n',
];

test('YAML corners: the decoded value is the one the CST path gives, even where the library reports an error', () => {
  for (const text of YAML_CORNERS) {
    // Some corners break the map after the scalar (a tab ends a block), so the scalar is the first key's value.
    const root = parseYamlCst(text).root;
    const node = root?.kind === 'object' ? root.properties[0]?.value : undefined;
    assert.ok(node?.kind === 'string', JSON.stringify(text));
    assert.equal(decodeWithOffsets(node.raw, node.style ?? 'plain', 'yaml')?.value, node.value, JSON.stringify(text));
  }
});

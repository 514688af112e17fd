// Property tests of the Logstash syntax on the junk of real typing (test/fuzz/mutations.ts plus Logstash's own
// punctuation) applied to the format fixtures and a generated config, and on random text: parsing, formatting, the
// outline and folding never throw and always finish, and every span they answer lies inside the text. A mutated
// config that still parses clean formats idempotently to the same tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  applyEdits, formatLogstash, logstashFoldingRanges, logstashSymbols, parseLogstash, type LogstashSymbol,
} from '../../server/src/document/syntaxes/logstash';
import { logstashConfig } from '../../bench/generateLogstash';
import { fileType } from '../../server/src/document/fileType';
import { LanguageService } from '../../server/src/service/languageService';
import { testCatalog } from '../helpers/featureFixture';
import { assertInside } from '../fuzz/mutatedCases';
import { applyMutations, mutation, type Mutation } from '../fuzz/mutations';
import { type Codec, fuzzParameters } from '../fuzz/replay';
import { logstashShape } from '../helpers/logstashShape';

const fixtureDir = join(__dirname, '..', 'fixtures', 'logstash', 'format');
const inputs: Array<{ name: string; text: string }> = [
  ...readdirSync(fixtureDir).filter((f) => f.endsWith('.conf')).sort().map((f) => ({ name: f, text: readFileSync(join(fixtureDir, f), 'utf8') })),
  { name: 'generated 20 kB', text: logstashConfig(20_000).text },
];

const logstashTyping = fc.constantFrom(
  '=>', '=', '>', '{', '}', '[', ']', '(', ')', '"', "'", '/', '\\', '#', ',', '!', '~', ' ', '\n', '\t', '\r\n',
  'if ', 'if [a] ==', ' else ', 'else if ', ' and ', ' or ', ' not in ', ' in ', 'xor', 'nand', '=~ /x/', '!~', '<=', '>=',
  'mutate {', 'grok { match => { "message" => "%{IP:[source][ip]}" } }', 'codec => json { }', 'filter {', 'input {', 'output {',
  '[a][b]', '[host][ip][0]', '%{[a][b]}', '%{', '${HOME}', '"x\\"', "'it\\'s'", '10.0.0.1', '-1.5', '[1, 2,]', '{ "a" => "b", "c" => 1 }',
  '# comment\n', '\ufeff', '\u00a0', '😀',
);
const place = fc.noBias(fc.nat({ max: 999_999 })).map((n) => n / 1_000_000);
const edit: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: mutation },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: place, text: logstashTyping }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: place, length: fc.integer({ min: 1, max: 30 }), text: logstashTyping }) },
);

type Case = [string, Mutation[]];
const mutated: fc.Arbitrary<Case> = fc.tuple(fc.constantFrom(...inputs.map((i) => i.name)), fc.array(edit, { minLength: 1, maxLength: 8 }));
const codec: Codec<Case> = {
  encode: ([input, mutations]) => ({ input, mutations }),
  decode: (json) => {
    const { input, mutations } = json as { input: string; mutations: Mutation[] };
    return inputs.some((i) => i.name === input) ? [input, mutations] : undefined;
  },
};
const textOf = (name: string): string => inputs.find((i) => i.name === name)!.text;

/** Every span of the tree (nodes, name spans, bracket offsets) lies inside the text, children inside parents. */
function checkTree(root: unknown, length: number): void {
  const stack: Array<{ node: Record<string, unknown>; path: string }> = [{ node: root as Record<string, unknown>, path: 'config' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node.start === 'number' && typeof node.end === 'number') assertInside(node as { start: number; end: number }, length, path);
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'open' || key === 'close' || key === 'arrow' || key === 'contentStart') && value !== undefined) {
        assert.ok(typeof value === 'number' && value >= 0 && value <= length, `${path}.${key} = ${String(JSON.stringify(value))} outside the text`);
      } else if (Array.isArray(value)) (value as unknown[]).forEach((v, i) => { if (v && typeof v === 'object') stack.push({ node: v as Record<string, unknown>, path: `${path}.${key}[${i}]` }); });
      else if (value && typeof value === 'object') stack.push({ node: value as Record<string, unknown>, path: `${path}.${key}` });
    }
  }
}

function checkSymbols(symbols: readonly LogstashSymbol[], parent: { start: number; end: number }, length: number): void {
  for (const s of symbols) {
    assertInside(s.span, length, `symbol ${s.name}`);
    assert.ok(parent.start <= s.span.start && s.span.end <= parent.end, `symbol ${s.name} outside its parent`);
    assert.ok(s.span.start <= s.nameSpan.start && s.nameSpan.end <= s.span.end, `symbol ${s.name}: name outside the symbol`);
    checkSymbols(s.children, s.span, length);
  }
}

/** Parses, formats (whole and a range), outlines and folds `text`, checking every answer's spans. */
function exercise(text: string): void {
  const parse = parseLogstash(text);
  const n = text.length;
  checkTree(parse.config, n);
  for (const p of parse.problems) {
    assertInside(p, n, `problem "${p.message}"`);
    assert.ok(p.message.length > 0);
  }
  parse.comments.forEach((c) => assertInside(c, n, 'comment'));
  const { starts, ends } = parse.tokens;
  for (let i = 0; i <= parse.tokens.length; i++) {
    // Between tokens lies only whitespace: the formatter rewrites those gaps and nothing else.
    const gap = text.slice(i > 0 ? ends[i - 1] : 0, i < parse.tokens.length ? starts[i] : n);
    assert.ok(/^[ \t\r\n]*$/.test(gap), `text outside every token before token ${i}: ${JSON.stringify(gap.slice(0, 40))}`);
    if (i === parse.tokens.length) break;
    assertInside({ start: starts[i], end: ends[i] }, n, `token ${i}`);
    assert.ok(ends[i] > starts[i], `token ${i} is empty`);
    if (i > 0) assert.ok(starts[i] >= ends[i - 1], `token ${i} overlaps the one before`);
  }
  for (const edits of [formatLogstash(text, { tabSize: 2, insertSpaces: true }, undefined, parse), formatLogstash(text, {}, { start: Math.floor(n / 3), end: Math.floor(n / 2) }, parse)]) {
    edits.forEach((e, i) => {
      assertInside(e, n, `edit ${i}`);
      if (i > 0) assert.ok(e.start >= edits[i - 1].end, `edit ${i} overlaps the one before`);
      assert.ok(/^[ \t\r\n]*$/.test(e.newText) && /^[ \t\r\n]*$/.test(text.slice(e.start, e.end)), `edit ${i} touches more than whitespace`);
    });
  }
  checkSymbols(logstashSymbols(parse), { start: 0, end: n }, n);
  logstashFoldingRanges(parse).forEach((r) => assertInside(r, n, 'folding range'));
}

test('a mutated config parses, formats, outlines and folds without throwing, every span inside the text', { timeout: 300_000 }, () => {
  fc.assert(fc.property(mutated, ([input, mutations]) => {
    exercise(applyMutations(textOf(input), mutations));
  }), fuzzParameters('logstash: mutated configs keep every span inside the text', 300, codec));
});

test('a mutated config that still parses clean formats idempotently to the same tree', { timeout: 300_000 }, () => {
  let clean = 0;
  fc.assert(fc.property(mutated, ([input, mutations]) => {
    const text = applyMutations(textOf(input), mutations);
    if (parseLogstash(text).problems.length > 0) return;
    clean++;
    const once = applyEdits(text, formatLogstash(text, { tabSize: 2, insertSpaces: true }));
    assert.deepEqual(formatLogstash(once, { tabSize: 2, insertSpaces: true }), []);
    assert.deepEqual(logstashShape(once), logstashShape(text));
  }), fuzzParameters('logstash: clean mutated configs format idempotently', 300, codec));
  assert.ok(clean >= 20, `only ${clean} mutated configs parsed clean: the property checked too little`);
});

test('random text and random Logstash fragments never throw, every span inside the text', { timeout: 300_000 }, () => {
  const fragments = fc.array(logstashTyping, { maxLength: 60 }).map((parts) => parts.join(''));
  const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fragments);
  fc.assert(fc.property(text, exercise), fuzzParameters('logstash: random text keeps every span inside the text', 500));
});

// A Logstash config typed into, version after version (each parse given the previous version, as the server parses),
// gets what the same text opened fresh in a new service gets: the diagnostics, and completion and hover where the
// last edit was made (the per-document caches of references, names and spans must follow the text).
test('a config typed into, version after version, answers as the same text opened fresh', { timeout: 300_000 }, () => {
  const type = fileType('logstash', 'logstash');
  const catalog = testCatalog();
  const file = 'pipeline/typed.conf';
  fc.assert(fc.property(mutated, ([input, mutations]) => {
    const edited = new LanguageService(catalog);
    let text = textOf(input);
    let previous = edited.parse(text, type);
    edited.diagnostics(previous, file);
    for (const m of mutations) {
      text = applyMutations(text, [m]);
      const next = edited.parse(text, type, previous);
      const fresh = new LanguageService(catalog);
      const opened = fresh.parse(text, type);
      assert.deepEqual(edited.diagnostics(next, file), fresh.diagnostics(opened, file));
      const at = Math.min(text.length, Math.floor(m.at * text.length));
      for (const offset of [at, Math.max(0, at - 3)]) {
        assert.deepEqual(edited.completeWithin(next, file, offset, 50), fresh.completeWithin(opened, file, offset, 50));
        assert.deepEqual(edited.hover(next, file, offset), fresh.hover(opened, file, offset));
      }
      previous = next;
    }
  }), fuzzParameters('logstash: typed into equals opened fresh', 40, codec));
});

// The Logstash config parser (server/src/document/syntaxes/logstash): every value form, every operator of conditions,
// field references, the string model Logstash reads by default, and recovery: broken inputs give one positioned
// problem each and the plugins after them still parse; nesting past MAX_NESTING is one problem, not a crash.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_NESTING } from '../../server/src/document/model';
import {
  parseLogstash, fileOffsetOf, fileSpanOf, stringSource, valueOffsetAt,
  type AttributeNode, type ClauseNode, type ExpressionNode, type LogstashParse, type PluginNode, type StatementNode, type ValueNode,
} from '../../server/src/document/syntaxes/logstash';

/** Every plugin of a parse in file order, codecs included. */
function plugins(parse: LogstashParse): PluginNode[] {
  const out: PluginNode[] = [];
  const value = (v: ValueNode | undefined): void => {
    if (v?.kind === 'plugin') plugin(v);
    else if (v?.kind === 'array') v.items.forEach(value);
    else if (v?.kind === 'hash') v.entries.forEach((e) => value(e.value));
  };
  const plugin = (p: PluginNode): void => {
    out.push(p);
    p.attributes.forEach((a) => value(a.value));
  };
  const statements = (body: readonly StatementNode[]): void => {
    for (const s of body) {
      if (s.kind === 'plugin') plugin(s);
      else s.clauses.forEach((c) => statements(c.body));
    }
  };
  parse.config.sections.forEach((s) => statements(s.body));
  return out;
}

function clean(text: string): LogstashParse {
  const parse = parseLogstash(text);
  assert.deepEqual(parse.problems, [], `unexpected problems in ${JSON.stringify(text)}`);
  return parse;
}

/** The settings of the only plugin of `filter { p { … } }`. */
function settingsOf(body: string): AttributeNode[] {
  const parse = clean(`filter { p { ${body} } }`);
  return plugins(parse)[0].attributes;
}

function valueOf(body: string): ValueNode {
  const value = settingsOf(`v => ${body}`)[0].value;
  assert.ok(value, `no value in ${body}`);
  return value;
}

/** The first clause of `filter { if <condition> { } }`. */
function clauseOf(condition: string): { clause: ClauseNode; text: string } {
  const text = `filter { if ${condition} { } }`;
  const parse = clean(text);
  const branch = parse.config.sections[0].body[0];
  assert.equal(branch.kind, 'branch');
  return { clause: branch.clauses[0], text };
}

function operand(condition: string, index = 0): { e: ExpressionNode; text: string } {
  const { clause, text } = clauseOf(condition);
  assert.ok(clause.condition);
  return { e: clause.condition.operands[index], text };
}

const slice = (text: string, span: { start: number; end: number }): string => text.slice(span.start, span.end);

describe('Logstash parser: structure', () => {
  it('reads sections, plugins and settings with their spans', () => {
    const text = 'input {\n  stdin { }\n}\nfilter {\n  grok { match => { "message" => "%{WORD:w}" } }\n}\noutput { stdout { codec => rubydebug } }\n';
    const parse = clean(text);
    assert.deepEqual(parse.config.sections.map((s) => [s.name, s.type]), [['input', 'input'], ['filter', 'filter'], ['output', 'output']]);
    const filter = parse.config.sections[1];
    assert.equal(slice(text, filter), 'filter {\n  grok { match => { "message" => "%{WORD:w}" } }\n}');
    assert.equal(slice(text, filter.nameSpan), 'filter');
    assert.equal(text[filter.open], '{');
    assert.equal(text[filter.close!], '}');
    const grok = filter.body[0] as PluginNode;
    assert.equal(grok.name, 'grok');
    assert.equal(slice(text, grok.nameSpan), 'grok');
    assert.equal(slice(text, grok), 'grok { match => { "message" => "%{WORD:w}" } }');
    const match = grok.attributes[0];
    assert.equal(match.name, 'match');
    assert.equal(slice(text, match), 'match => { "message" => "%{WORD:w}" }');
    assert.equal(text.slice(match.arrow, match.arrow! + 2), '=>');
  });

  it('takes an empty file, comments only, and plugins without whitespace between them', () => {
    assert.deepEqual(clean('').config.sections, []);
    const comments = clean('# one\n  # two   \n');
    assert.deepEqual(comments.comments.map((c) => slice('# one\n  # two   \n', c)), ['# one', '# two']);
    assert.deepEqual(plugins(clean('filter{mutate{}grok{}}')).map((p) => p.name), ['mutate', 'grok']);
  });

  it('records every comment, wherever it stands', () => {
    const text = '# head\nfilter { # after brace\n  mutate { id => "x" # after value\n  }\n  # before close\n}\n# tail';
    assert.deepEqual(clean(text).comments.map((c) => slice(text, c)), ['# head', '# after brace', '# after value', '# before close', '# tail']);
  });

  it('reads quoted plugin and setting names as their content', () => {
    const text = 'filter { "my-plugin" { "match" => 1 } }';
    const p = plugins(clean(text))[0];
    assert.equal(p.name, 'my-plugin');
    assert.equal(p.nameQuote, '"');
    assert.equal(slice(text, p.nameSpan), '"my-plugin"');
    assert.equal(p.attributes[0].name, 'match');
    assert.equal(p.attributes[0].nameQuote, '"');
  });
});

describe('Logstash parser: values', () => {
  it('reads barewords', () => {
    const v = valueOf('json_lines');
    assert.equal(v.kind, 'bareword');
    assert.equal(v.kind === 'bareword' && v.text, 'json_lines');
    assert.deepEqual(settingsOf('a => true b => VAR_PIPELINE_NAME').map((a) => a.value?.kind), ['bareword', 'bareword']);
  });

  it('reads numbers: integers, negatives, decimals', () => {
    for (const [raw, value] of [['500', 500], ['-3', -3], ['1.5', 1.5], ['2.', 2]] as const) {
      const v = valueOf(raw);
      assert.equal(v.kind, 'number', raw);
      assert.equal(v.kind === 'number' && v.value, value);
      assert.equal(v.kind === 'number' && v.raw, raw);
    }
  });

  it('reads double- and single-quoted strings with their quote, raw text and content start', () => {
    const text = `filter { p { a => "x y" b => 'z' } }`;
    const [a, b] = plugins(clean(text))[0].attributes;
    assert.ok(a.value?.kind === 'string' && b.value?.kind === 'string');
    assert.deepEqual([a.value.value, a.value.quote, a.value.raw, a.value.closed], ['x y', '"', '"x y"', true]);
    assert.equal(text[a.value.contentStart], 'x');
    assert.deepEqual([b.value.value, b.value.quote], ['z', "'"]);
  });

  it('reads a string as Logstash does by default: nothing decoded, a backslash before the quote keeps the string open', () => {
    const text = String.raw`filter { p { a => "say \"hi\"" b => 'it\'s' c => "C:\temp\n" d => "%{[a][b]} $` + '{HOME}" } }';
    const [a, b, c, d] = plugins(clean(text))[0].attributes.map((x) => x.value);
    assert.ok(a?.kind === 'string' && b?.kind === 'string' && c?.kind === 'string' && d?.kind === 'string');
    assert.equal(a.value, String.raw`say \"hi\"`);
    assert.equal(b.value, String.raw`it\'s`);
    assert.equal(c.value, String.raw`C:\temp\n`);
    assert.equal(d.value, '%{[a][b]} ${HOME}');
    // Nothing decoded: the value's character i is the file's character contentStart + i.
    const at = a.value.indexOf('hi');
    assert.equal(fileOffsetOf(a, at), text.indexOf('hi'));
    assert.equal(slice(text, fileSpanOf(a, at, at + 2)), 'hi');
    assert.equal(valueOffsetAt(a, text.indexOf('hi')), at);
    assert.deepEqual(stringSource(a), { value: a.value, from: 1 });
  });

  it('keeps a string ending in \\\\ open, as Logstash does ("C:\\\\" does not close)', () => {
    const text = String.raw`filter { p { a => "C:\\" } }`;
    const parse = parseLogstash(text);
    assert.equal(parse.problems.length, 1);
    assert.match(parse.problems[0].message, /no closing quote.*backslash/);
    assert.equal(parse.problems[0].start, text.indexOf('"C:'));
  });

  it('reads a multi-line string (inline ruby code) as one value', () => {
    const text = "filter {\n  ruby {\n    code => '\n      event.set(\"[a]\", 1)\n    '\n    id => \"r\"\n  }\n}\n";
    const [code, id] = plugins(clean(text))[0].attributes;
    assert.ok(code.value?.kind === 'string');
    assert.equal(code.value.value, '\n      event.set("[a]", 1)\n    ');
    assert.equal(id.name, 'id');
  });

  it('reads arrays: empty, of strings, nested, multi-line with comments', () => {
    const empty = valueOf('[]');
    assert.ok(empty.kind === 'array' && empty.items.length === 0 && empty.close === empty.start + 1);
    const list = valueOf('[ "a", \'b\', 3, bare, [1, 2] ]');
    assert.ok(list.kind === 'array');
    assert.deepEqual(list.items.map((i) => i.kind), ['string', 'string', 'number', 'bareword', 'array']);
    const multi = valueOf('[ # first\n  "x", # one\n  "y"\n]');
    assert.ok(multi.kind === 'array');
    assert.equal(multi.items.length, 2);
  });

  it('reads hashes: entries without commas, keys as strings, barewords and numbers, nested values', () => {
    const text = 'filter { p { h => {\n  "[event][module]" => "linux"\n  bare_key => 1\n  42 => [1]\n  "n" => { "x" => "y" }\n} } }';
    const h = plugins(clean(text))[0].attributes[0].value;
    assert.ok(h?.kind === 'hash');
    assert.deepEqual(h.entries.map((e) => e.key.kind), ['string', 'bareword', 'number', 'string']);
    assert.deepEqual(h.entries.map((e) => e.value?.kind), ['string', 'number', 'array', 'hash']);
    assert.equal(slice(text, h.entries[0]), '"[event][module]" => "linux"');
    assert.equal(text[h.close!], '}');
    const oneLine = valueOf('{ "one" => 1 "two" => 2 }');
    assert.ok(oneLine.kind === 'hash' && oneLine.entries.length === 2);
  });

  it('reads a plugin as a value (a codec), bare or quoted, and inside arrays', () => {
    const codec = valueOf('json { charset => "UTF-8" }');
    assert.ok(codec.kind === 'plugin');
    assert.equal(codec.name, 'json');
    assert.equal(codec.attributes[0].name, 'charset');
    const quoted = valueOf('"json" { }');
    assert.ok(quoted.kind === 'plugin' && quoted.name === 'json');
    const empty = valueOf('dots {}');
    assert.ok(empty.kind === 'plugin' && empty.attributes.length === 0);
  });

  it('reports words Logstash cannot read as values, and keeps them as invalid nodes', () => {
    for (const [raw, message] of [['10.0.0.1', /not a value Logstash reads without quotes/], ['a', /too short/], ['foo-bar', /quote it/]] as const) {
      const text = `filter { p { v => ${raw} } }`;
      const parse = parseLogstash(text);
      assert.equal(parse.problems.length, 1, raw);
      assert.match(parse.problems[0].message, message);
      assert.equal(slice(text, parse.problems[0]), raw);
      assert.equal(plugins(parse)[0].attributes[0].value?.kind, 'invalid');
    }
  });
});

describe('Logstash parser: conditionals', () => {
  it('reads if / else if / else chains with their keyword spans and bodies', () => {
    const text = 'filter {\n  if [a] { mutate {} }\n  else if [b] { grok {} }\n  else { date {} }\n  elseif [c] {}\n}';
    const parse = parseLogstash(text);
    const branch = parse.config.sections[0].body[0];
    assert.ok(branch.kind === 'branch');
    assert.deepEqual(branch.clauses.map((c) => c.keyword), ['if', 'else if', 'else']);
    assert.deepEqual(branch.clauses.map((c) => slice(text, c.keywordSpan)), ['if', 'else if', 'else']);
    assert.deepEqual(branch.clauses.map((c) => (c.body[0] as PluginNode).name), ['mutate', 'grok', 'date']);
    // `elseif` after a complete chain has no `if` before it.
    assert.deepEqual(parse.problems.map((p) => slice(text, p)), ['elseif']);
  });

  it('reads every comparison operator', () => {
    for (const op of ['==', '!=', '<', '>', '<=', '>='] as const) {
      const { e, text } = operand(`[status] ${op} 400`);
      assert.ok(e.kind === 'compare', op);
      assert.equal(e.op, op);
      assert.equal(slice(text, e.operatorSpan), op);
      assert.equal(e.left.kind, 'selector');
      assert.equal(e.right?.kind, 'number');
    }
    const { e } = operand('[a] >=400');
    assert.ok(e.kind === 'compare' && e.op === '>=');
  });

  it('reads =~ and !~ with a regexp or a string', () => {
    const { e, text } = operand(String.raw`[message] =~ /^a\/b [0-9]+$/`);
    assert.ok(e.kind === 'match' && e.op === '=~' && e.right?.kind === 'regexp');
    assert.equal(e.right.pattern, String.raw`^a\/b [0-9]+$`);
    assert.equal(text[e.right.contentStart], '^');
    const s = operand('[message] !~ "NODATA"').e;
    assert.ok(s.kind === 'match' && s.op === '!~' && s.right?.kind === 'string');
  });

  it('reads in and not in', () => {
    const a = operand('"_grokparsefailure" in [tags]').e;
    assert.ok(a.kind === 'in' && !a.negated && a.left.kind === 'string' && a.right?.kind === 'selector');
    const { e, text } = operand('[code] not in ["a", "b"]');
    assert.ok(e.kind === 'in' && e.negated && e.right?.kind === 'array');
    assert.equal(slice(text, e.operatorSpan), 'not in');
  });

  it('reads a one-item array after in as a field reference, as Logstash\'s grammar does', () => {
    const { e } = operand('[code] in ["a"]');
    assert.ok(e.kind === 'in' && e.right?.kind === 'selector');
    assert.deepEqual(e.right.segments.map((s) => s.name), ['"a"']);
  });

  it('reads and, or, xor, nand as a flat list, with !, parentheses and truthiness tests', () => {
    const { clause, text } = clauseOf('![a] and ([b] or [c] > 1) xor "x" in [tags] nand !([d])');
    const c = clause.condition!;
    assert.deepEqual(c.operators.map((o) => o.op), ['and', 'xor', 'nand']);
    assert.deepEqual(c.operands.map((o) => o.kind), ['not', 'group', 'in', 'not']);
    const group = c.operands[1];
    assert.ok(group.kind === 'group');
    assert.deepEqual(group.condition.operators.map((o) => o.op), ['or']);
    assert.deepEqual(group.condition.operands.map((o) => o.kind), ['selector', 'compare']);
    assert.equal(slice(text, group), '([b] or [c] > 1)');
    const last = c.operands[3];
    assert.ok(last.kind === 'not' && last.operand?.kind === 'group');
  });

  it('reads a method call operand, as the grammar allows', () => {
    const { e } = operand('max([a], 1) > 2');
    assert.ok(e.kind === 'compare' && e.left.kind === 'call');
    assert.equal(e.left.name, 'max');
    assert.deepEqual(e.left.args.map((a) => a.kind), ['selector', 'number']);
  });
});

describe('Logstash parser: field references', () => {
  it('splits [a][b] into segments with spans, keeping spaces, dots and @ in names', () => {
    const { e, text } = operand('[@metadata][my field][x.y]');
    assert.ok(e.kind === 'selector');
    assert.deepEqual(e.segments.map((s) => s.name), ['@metadata', 'my field', 'x.y']);
    assert.deepEqual(e.segments.map((s) => slice(text, s)), ['@metadata', 'my field', 'x.y']);
    assert.equal(e.raw, '[@metadata][my field][x.y]');
  });

  it('reads index selectors such as [host][ip][0]', () => {
    const { e } = operand('[host][ip][0] == "10.0.0.1"');
    assert.ok(e.kind === 'compare' && e.left.kind === 'selector');
    assert.deepEqual(e.left.segments.map((s) => s.name), ['host', 'ip', '0']);
  });
});

/** One broken input: its one problem covers `at`, and these plugins (with their settings) parse after it. */
interface BrokenCase {
  name: string;
  text: string;
  /** The text the problem covers (first occurrence). */
  at: string;
  message: RegExp;
  plugins: string[];
}

const GROK = 'grok { match => { "message" => "%{WORD:w}" } }';

const broken: BrokenCase[] = [
  { name: 'an unclosed brace', text: `filter {\n  mutate {\n    add_field => { "a" => "b" }\n  ${GROK}\n}\n`, at: 'mutate {', message: /“mutate” has no closing }/, plugins: ['mutate', 'grok'] },
  { name: 'an unclosed section at the end', text: `filter {\n  mutate { }\n  ${GROK}\n`, at: 'filter {', message: /filter section has no closing }/, plugins: ['mutate', 'grok'] },
  { name: 'an unclosed section before the next', text: `input {\n  stdin { }\nfilter {\n  ${GROK}\n}\n`, at: 'input {', message: /input section has no closing }/, plugins: ['stdin', 'grok'] },
  { name: 'a missing =>', text: `filter {\n  mutate { add_field { "a" => "b" } }\n  ${GROK}\n}\n`, at: 'add_field', message: /Expected => after “add_field”/, plugins: ['mutate', 'grok'] },
  { name: 'a half-typed conditional', text: `filter {\n  if [type] ==\n  mutate { id => "m" }\n  ${GROK}\n}\n`, at: '==', message: /needs a value on its right/, plugins: ['mutate', 'grok'] },
  { name: 'an if with nothing after it', text: `filter {\n  if\n  mutate { id => "m" }\n  ${GROK}\n}\n`, at: 'if', message: /Expected a condition after “if”/, plugins: ['mutate', 'grok'] },
  { name: 'a bareword in a condition', text: `filter {\n  if [type] == apache {\n    mutate { }\n  }\n  ${GROK}\n}\n`, at: 'apache', message: /quote it \("apache"\) or write a field reference/, plugins: ['mutate', 'grok'] },
  { name: 'an unterminated string', text: `filter {\n  mutate { add_field => { "a" => "b } }\n  ${GROK}\n}\n`, at: '"b } }', message: /no closing quote/, plugins: ['mutate', 'grok'] },
  { name: 'an unterminated string at the end', text: `filter {\n  ${GROK}\n  mutate { id => "zz`, at: '"zz', message: /no closing quote/, plugins: ['grok', 'mutate'] },
  { name: 'junk between plugins', text: `filter {\n  mutate { }\n  %%% garbage "x"\n  ${GROK}\n}\n`, at: '%%% garbage "x"', message: /Expected a plugin/, plugins: ['mutate', 'grok'] },
  { name: 'a setting outside a plugin', text: `filter {\n  mutate { }\n  id => { "a" => 1 }\n  ${GROK}\n}\n`, at: 'id => { "a" => 1 }', message: /Expected a plugin/, plugins: ['mutate', 'grok'] },
  { name: 'junk between sections', text: `input { stdin {} }\n;;\nfilter { ${GROK} }\n`, at: ';;', message: /Expected a section/, plugins: ['stdin', 'grok'] },
  { name: 'an unknown section', text: `filtre {\n  ${GROK}\n}\n`, at: 'filtre', message: /Unknown section “filtre”/, plugins: ['grok'] },
  { name: 'a comma between hash entries', text: `filter {\n  mutate { add_field => { "a" => "b", "c" => "d" } }\n  ${GROK}\n}\n`, at: ',', message: /no commas between entries/, plugins: ['mutate', 'grok'] },
  { name: 'a comment between hash entries', text: `filter {\n  mutate { add_field => {\n    "a" => "b" # why\n    "c" => "d"\n  } }\n  ${GROK}\n}\n`, at: '# why', message: /comment between two hash entries/, plugins: ['mutate', 'grok'] },
  { name: 'a missing comma in an array', text: `filter {\n  mutate { remove_field => [ "a" "b" ] }\n  ${GROK}\n}\n`, at: '"b"', message: /comma between two array items/, plugins: ['mutate', 'grok'] },
  { name: 'a trailing comma in an array', text: `filter {\n  mutate { remove_field => [ "a", ] }\n  ${GROK}\n}\n`, at: ',', message: /No item after this comma/, plugins: ['mutate', 'grok'] },
  { name: 'an unclosed regexp', text: `filter {\n  if [a] =~ /abc {\n    mutate { }\n  }\n  ${GROK}\n}\n`, at: '/abc', message: /regexp has no closing/, plugins: ['mutate', 'grok'] },
  { name: 'an else without if', text: `filter {\n  else { mutate { } }\n  ${GROK}\n}\n`, at: 'else', message: /without an “if”/, plugins: ['mutate', 'grok'] },
  { name: 'not in without its space', text: `filter {\n  if "a" not\tin [tags] { mutate { } }\n  ${GROK}\n}\n`, at: 'not', message: /space right after “not”/, plugins: ['mutate', 'grok'] },
  { name: 'a missing { after the condition', text: `filter {\n  if [a] == "b"\n  mutate { }\n  ${GROK}\n}\n`, at: 'mutate', message: /Expected { after the condition/, plugins: ['mutate', 'grok'] },
  { name: 'settings without whitespace between them', text: `filter {\n  mutate { id => "a"add_tag => "b" }\n  ${GROK}\n}\n`, at: 'add_tag', message: /space or a line break between two settings/, plugins: ['mutate', 'grok'] },
  { name: 'a byte order mark', text: `\ufefffilter { ${GROK} }\n`, at: '\ufeff', message: /byte order mark/, plugins: ['grok'] },
];

describe('Logstash parser: recovery', () => {
  for (const c of broken) {
    it(`${c.name}: one positioned problem, and the plugins after it parse`, () => {
      const parse = parseLogstash(c.text);
      assert.equal(parse.problems.length, 1, `${c.name}: ${JSON.stringify(parse.problems)}`);
      const [problem] = parse.problems;
      const at = c.text.indexOf(c.at);
      assert.deepEqual({ start: problem.start, end: problem.end }, { start: at, end: at + c.at.length }, `${c.name}: ${problem.message}`);
      assert.match(problem.message, c.message);
      assert.deepEqual(plugins(parse).map((p) => p.name), c.plugins);
      const grok = plugins(parse).find((p) => p.name === 'grok');
      if (grok) {
        const match = grok.attributes[0].value;
        assert.ok(match?.kind === 'hash' && match.entries[0].value?.kind === 'string', `${c.name}: grok's match did not parse`);
        assert.equal(match.entries[0].value.value, '%{WORD:w}');
      }
    });
  }

  it('an unclosed brace in a plugin value and missing closers at the end give one problem', () => {
    const parse = parseLogstash('filter {\n  if [a] {\n    mutate { add_field => { "x" => [1, 2');
    assert.equal(parse.problems.length, 1, JSON.stringify(parse.problems));
  });
});

describe('Logstash parser: limits', () => {
  it(`nesting past ${MAX_NESTING} levels is one problem, for arrays, hashes, conditionals and parentheses`, () => {
    const deep = [
      `filter { p { v => ${'['.repeat(100_000)} } }`,
      `filter { p { v => ${'{ ab => '.repeat(MAX_NESTING + 10)}1${' }'.repeat(MAX_NESTING + 10)} } }\nfilter { ${GROK} }`,
      `filter { ${'if [a] { '.repeat(MAX_NESTING + 5)}${'} '.repeat(MAX_NESTING + 5)} ${GROK} }`,
      `filter { if ${'('.repeat(50_000)}[a]${')'.repeat(50_000)} { } ${GROK} }`,
      `filter { p { v => ${'json { codec => '.repeat(MAX_NESTING + 5)}plain${' }'.repeat(MAX_NESTING + 5)} } }`,
    ];
    for (const text of deep) {
      const parse = parseLogstash(text);
      const nesting = parse.problems.filter((p) => /Nested more than/.test(p.message));
      assert.equal(nesting.length, 1, `${text.slice(0, 40)}…: ${JSON.stringify(parse.problems.map((p) => p.message))}`);
      assert.equal(parse.problems.length, 1, `${text.slice(0, 40)}…: ${JSON.stringify(parse.problems.map((p) => p.message))}`);
      if (text.includes('grok')) assert.ok(plugins(parse).some((p) => p.name === 'grok'), `${text.slice(0, 40)}…: grok lost`);
    }
  });

  it('nesting up to the limit is read in full', () => {
    const n = MAX_NESTING - 3;
    const parse = clean(`filter { p { v => ${'['.repeat(n)}1${']'.repeat(n)} } }`);
    let v = plugins(parse)[0].attributes[0].value;
    let depth = 0;
    while (v?.kind === 'array') {
      depth++;
      v = v.items[0];
    }
    assert.equal(depth, n);
    assert.equal(v?.kind, 'number');
  });

  it('reads long runs of junk, strings and comments as single tokens', () => {
    const junk = parseLogstash(`filter { ${'%'.repeat(200_000)} ${GROK} }`);
    assert.equal(junk.problems.length, 1);
    assert.equal(junk.problems[0].end - junk.problems[0].start, 200_000);
    const long = clean(`filter { p { v => "${'x'.repeat(500_000)}" } }\n# ${'c'.repeat(100_000)}\n`);
    assert.equal(long.comments[0].end - long.comments[0].start, 100_002);
  });
});

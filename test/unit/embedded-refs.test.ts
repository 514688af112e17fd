// Field references inside string values (grok, dissect, mustache, painless), as data: each row is a string and
// the references a user would see in it, each written `access segment|segment [:type] [(flags)]`, where every
// segment is the text its span covers in the input, so a wrong range fails as surely as a wrong name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYamlLibrary } from 'yaml';
import { random } from '../../bench/generate';
import { hostileStrings } from '../../bench/responsiveness';
import { charactersRead } from '../helpers/charactersRead';
import { corpusFiles, readCorpus } from '../helpers/corpus';
import type { ScalarNode, ValueNode } from '../../server/src/document/model';
import { parseJsonValue } from '../../server/src/document/syntaxes/json/jsonValue';
import { parseYamlValue } from '../../server/src/document/syntaxes/yaml/yamlValue';
import { decodeWithOffsets, mapSpan } from '../../server/src/document/syntaxes/stringOffsets';
import { grokSyntaxNames } from '../../server/src/document/embedded/grok';
import { NOTATIONS, type Notation } from '../../server/src/document/embedded/notations';
import type { EmbeddedRef, NameSite } from '../../server/src/document/embedded/types';

/** `[input, expected refs]` per notation. */
const REFS: Record<Notation, Array<[string, string[]]>> = {
  grok: [
    ['%{IP:source.ip} %{NUMBER:source.bytes:long}', ['w source|ip', 'w source|bytes :long']],
    ['%{NUMBER:n:int} %{NUMBER:f:float} %{WORD:b:boolean} %{NUMBER:d:double}', ['w n :int', 'w f :float', 'w b :boolean', 'w d :double']],
    ['%{NUMBER:n:integer}', ['w n :integer']],
    ['%{WORD} %{GREEDYDATA}', []],
    ['(?<source.ip>\\d+) (?<@timestamp>[^ ]+)', ['w source|ip', 'w @timestamp']],
    ['(?<IP:source.ip:int>x)', ['w source|ip :int']],
    ['\\%{IP:source.ip}', []],
    ['\\\\%{IP:source.ip}', ['w source|ip']],
    // Elasticsearch sets the bracket form as one name, as written (its ECS patterns use dots).
    ['%{IP:[source][ip]} %{WORD:[user][name]:int}', ['w [source][ip]', 'w [user][name] :int']],
    ['%{IP:[source.x][ip]}', ['w [source|x][ip]']],
    ['%{IP:source.ip=\\d+}', ['w source|ip']],
    ['%{IP:source.ip', []],
    ['%{IP:source.ip %{WORD:user.name}', ['w user|name']],
    ['[(?<a>x)] x(?<=y)(?<!z)', []],
    ['[\\](?<in.class>x)] (?<out>y)', ['w out']],
    ['%{} %{:x} %{IP:} %{IP::int}', []],
    ['%{IP:source.ip}%{IP:destination.ip}', ['w source|ip', 'w destination|ip']],
    ['%{IP:_tmp.a} (?<é.x>y)', ['w _tmp|a', 'w é|x']],
  ],
  dissect: [
    ['%{source.ip} %{+message} %{+message/2} %{?skipped} %{*k} %{&k} %{source.port->} %{}', ['w source|ip', 'w message', 'w message', 'w source|port']],
    ['%{+a->} %{@timestamp} %{_tmp.x}', ['w a', 'w @timestamp', 'w _tmp|x']],
    ['[%{event.start}] "%{http.request.method} %{url.original}"', ['w event|start', 'w http|request|method', 'w url|original']],
    ['%{a', []],
    ['%{a}%{b', ['w a']],
    ['%{a/2}', ['w a/2']],
    ['%{->}', []],
  ],
  mustache: [
    ['{{source.ip}} {{{user.name}}} {{ host.name }}', ['r source|ip', 'r user|name', 'r host|name']],
    ['{{#a.b}}x{{/a.b}} {{^c.d}}none{{/c.d}}', ['r a|b', 'r a|b', 'r c|d', 'r c|d']],
    ['{{! source.ip }} {{.}} {{> partial}}', []],
    ['{{_ingest.timestamp}} {{_ingest.on_failure_message}}', ['r _ingest|timestamp', 'r _ingest|on_failure_message']],
    ['{{ IngestPipeline "logs-x@custom" }}', []],
    ['{< .var >} {{& user.id}}', ['r user|id']],
    ['{{#join}}tags{{/join}} {{#toJson}}source{{/toJson}}', ['r tags', 'r source']],
    ['{{#join delimiter=","}}related.ip{{/join delimiter=","}}', ['r related|ip']],
    ['{{#url}}{{user.name}}{{/url}} {{url}}', ['r user|name', 'r url']],
    ['{{source.ip', []],
    ['{{a}} {{b', ['r a']],
    ['{{=<% %>=}}<% source.ip %> {{x}}', ['r source|ip']],
    ['{{{a}}', []],
  ],
  painless: [
    ['ctx.source.ip', ['r source|ip']],
    ['ctx.source?.ip != null', ['r source|ip']],
    ['ctx?.source?.ip', ['r source|ip']],
    ["ctx['source']['ip']", ['r source|ip']],
    ['ctx["source"]["ip"]', ['r source|ip']],
    ["ctx.source['ip'] == 'x'", ['r source|ip']],
    ["ctx['source.ip']", ['r source.ip (dotted)']],
    ["ctx['a.b'].c = 1", ['w a.b|c (dotted)']],
    ['ctx.a.b = 1; ctx.c += 2; ctx.d++; ++ctx.e', ['w a|b', 'w c', 'w d', 'w e']],
    ['ctx.a.b >= 2 && ctx.c <= 1 && ctx.d == 3', ['r a|b', 'r c', 'r d']],
    ["ctx.a.remove('b')", ['w a|b (removes)']],
    ["ctx.remove('tmp')", ['w tmp (removes)']],
    ["ctx.put('a', 1)", ['w a']],
    ["ctx.a.b.contains('x')", ['r a|b']],
    ["ctx.event.category.add('web')", ['w event|category']],
    ["ctx.labels.containsKey('env')", ['r labels|env']],
    ['// ctx.a.b\nctx.c', ['r c']],
    ['/* ctx.a */ ctx.b', ['r b']],
    ["'ctx.a' + \"ctx.b\" + 'it\\'s ctx.c'", []],
    ['params.ctx.a', []],
    ['ctx', []],
    ['ctx.', []],
    ["ctx['a", []],
    ['ctx[x].b', []],
    ['ctx.a[0].b', ['r a']],
    ['def x = ctx.event?.outcome; ctx.event.kind = "x"', ['r event|outcome', 'w event|kind']],
    ['ctx._source.a', ['r _source|a']],
    ["ctx['a\\'b'].c", []],
    ['if (ctx.error?.message != null) { ctx.event.kind = "pipeline_error" }', ['r error|message', 'w event|kind']],
  ],
};

/** A reference as the table writes it, read back from the input through its spans. */
function describe(text: string, ref: EmbeddedRef): string {
  assert.equal(ref.segments.length, ref.path.length, 'one span per segment');
  const names = ref.segments.map((s) => text.slice(s.start, s.end));
  // The spans hold exactly the names (no escapes in these strings).
  assert.deepEqual(names, ref.path, `${JSON.stringify(text)}: segment spans`);
  assert.equal(ref.span.start, ref.segments[0].start);
  assert.equal(ref.span.end, ref.segments[ref.segments.length - 1].end);
  const flags = [ref.literalDotted ? 'dotted' : '', ref.removes ? 'removes' : ''].filter(Boolean);
  return `${ref.access === 'write' ? 'w' : 'r'} ${names.join('|')}${ref.captureType !== undefined ? ` :${ref.captureType}` : ''}${flags.length ? ` (${flags.join(', ')})` : ''}`;
}

for (const [notation, rows] of Object.entries(REFS) as Array<[Notation, Array<[string, string[]]>]>) {
  test(`${notation}: the references in each string, with their spans and access`, () => {
    for (const [input, expected] of rows) {
      const actual = NOTATIONS[notation].refs(input).map((ref) => describe(input, ref));
      assert.deepEqual(actual, expected, JSON.stringify(input));
    }
  });
}

test('grok: the pattern names a pattern uses, to follow pattern_definitions', () => {
  const text = '%{IP:a} %{WORD} \\%{ESCAPED} %{MY_DATE:b:int}';
  const names = grokSyntaxNames(text);
  assert.deepEqual(names.map((n) => n.name), ['IP', 'WORD', 'MY_DATE']);
  for (const n of names) assert.equal(text.slice(n.span.start, n.span.end), n.name);
});

/** `[input with ‸ at the caret, expected site]`: `access typed [replaced text] parent.path` or undefined. */
const SITES: Record<Notation, Array<[string, string | undefined]>> = {
  grok: [
    ['%{IP:sou‸', 'w sou [sou]'],
    ['%{IP:sou‸rce.ip} x', 'w sou [source.ip]'],
    ['%{IP:‸}', 'w  []'],
    ['(?<sou‸', 'w sou [sou]'],
    ['%{IP‸', undefined],
    ['%{NUMBER:bytes:lo‸', undefined],
    ['\\%{IP:a‸', undefined],
    ['plain text‸', undefined],
  ],
  dissect: [
    ['%{sou‸', 'w sou [sou]'],
    ['%{+mes‸sage/2} x', 'w mes [message]'],
    ['%{source.ip->‸', undefined],
    ['%{?sk‸', undefined],
    ['%{*‸', undefined],
    ['%{a} ‸', undefined],
    ['‸', undefined],
  ],
  mustache: [
    ['{{sou‸', 'r sou [sou]'],
    ['{{ #event.ki‸nd }}', 'r event.ki [event.kind]'],
    ['{{{user.‸}}}', 'r user. [user.]'],
    ['{{‸', 'r  []'],
    ['{{! so‸', undefined],
    ['{{a}} b‸', undefined],
    ['{{ IngestPipeline "x‸', undefined],
  ],
  painless: [
    ['ctx.source.i‸', 'r i [i] source'],
    ['ctx?.‸', 'r  [] '],
    ["ctx['sou‸", 'r sou [sou] '],
    ["ctx['source']['i‸p'] = 1", 'w i [ip] source'],
    ['ctx.event.ou‸tcome == "x"', 'r ou [outcome] event'],
    ["ctx.a.remove('b‸')", 'w b [b] a'],
    ["'ctx.a‸'", undefined],
    ['// ctx.a‸', undefined],
    ['ctx.a.b = x‸', undefined],
    ['ct‸', undefined],
  ],
};

function describeSite(site: NameSite | undefined, text: string): string | undefined {
  if (!site) return undefined;
  const parent = site.parent ? ` ${site.parent.join('.')}` : '';
  return `${site.access === 'write' ? 'w' : 'r'} ${site.typed} [${text.slice(site.replace.start, site.replace.end)}]${parent}`;
}

for (const [notation, rows] of Object.entries(SITES) as Array<[Notation, Array<[string, string | undefined]>]>) {
  test(`${notation}: where a field name is being typed`, () => {
    for (const [marked, expected] of rows) {
      const offset = marked.indexOf('‸');
      const text = marked.replace('‸', '');
      const site = NOTATIONS[notation].siteAt(text, offset);
      assert.equal(describeSite(site, text), expected, JSON.stringify(marked));
      if (site) assert.equal(text.slice(site.replace.start, offset), site.typed, 'typed is the text before the caret');
    }
  });
}

/** Deterministic pieces of every notation and of broken input. */
const PIECES = ['%{', '}', '{{', '}}', '{{{', '}}}', '(?<', '>', ':', '.', 'ctx', '?.', '[', ']', "'", '"', '\\', '//', '/*', '*/', 'a', 'source', '=', '(', ')', '#', '/', '+', '->', ' ', '\n', 'é'];

test('any mix of notation pieces: never throws, every span lies in the text and holds its segment', () => {
  const next = random(7);
  for (let n = 0; n < 400; n++) {
    let text = '';
    const count = Math.floor(next() * 14);
    for (let i = 0; i < count; i++) text += PIECES[Math.floor(next() * PIECES.length)];
    for (const notation of Object.values(NOTATIONS)) {
      for (const ref of notation.refs(text)) describe(text, ref);
      for (let offset = 0; offset <= text.length; offset++) {
        const site = notation.siteAt(text, offset);
        if (!site) continue;
        assert.ok(site.replace.start <= offset && offset <= site.replace.end && site.replace.end <= text.length, JSON.stringify(text));
      }
    }
  }
});

test('huge and hostile strings: linear work (each character read a bounded number of times), no throw', () => {
  for (const text of hostileStrings()) {
    for (const [name, notation] of Object.entries(NOTATIONS)) {
      const { read } = charactersRead(() => {
        notation.refs(text);
        notation.siteAt(text, text.length);
        notation.siteAt(text, text.length >> 1);
      });
      // A linear scan reads each character a few times; a quadratic one of 200 kB, some 100,000 times.
      assert.ok(read <= 32 * text.length, `${name} on ${JSON.stringify(text.slice(0, 8))}...: ${read} characters read for ${text.length}`);
    }
  }
});

// ---- Through a file: decoded offsets map back to the file's own characters ----

/** Every string scalar of a parsed file with the notation its option takes (a small stand-in for the pipeline adapter). */
function notationStrings(root: ValueNode | undefined): Array<{ node: ScalarNode; notation: Notation }> {
  const found: Array<{ node: ScalarNode; notation: Notation }> = [];
  const visit = (node: ValueNode | undefined, key: string, processor: string): void => {
    if (!node) return;
    if (node.kind === 'object') {
      for (const p of node.properties) visit(p.value, p.key, ['processors', 'on_failure', 'processor'].includes(key) ? p.key : processor);
    } else if (node.kind === 'array') {
      for (const item of node.items) visit(item, key, processor);
    } else if (node.kind === 'string') {
      const value = String(node.value);
      if (key === 'if' || (processor === 'script' && key === 'source')) found.push({ node, notation: 'painless' });
      else if (processor === 'grok' && key === 'patterns') found.push({ node, notation: 'grok' });
      else if (processor === 'dissect' && key === 'pattern') found.push({ node, notation: 'dissect' });
      else if (value.includes('{{')) found.push({ node, notation: 'mustache' });
    }
  };
  visit(root, '', '');
  return found;
}

/** The file text each reference's segments map to; each must decode to its segment name. */
function refsThroughFile(text: string, syntax: 'json' | 'yaml'): Map<string, number> {
  const root = syntax === 'json' ? parseJsonValue(text).root : parseYamlValue(text).root;
  const counts = new Map<string, number>();
  for (const { node, notation } of notationStrings(root)) {
    const column = node.start - (text.lastIndexOf('\n', node.start - 1) + 1);
    const decoded = decodeWithOffsets(node.raw, node.style ?? 'plain', syntax, column);
    assert.ok(decoded, node.raw);
    assert.equal(decoded.value, node.value);
    for (const ref of NOTATIONS[notation].refs(decoded.value)) {
      ref.segments.forEach((segment, i) => {
        const span = mapSpan(decoded, segment, node.start);
        const spelt = text.slice(span.start, span.end);
        const inFile = syntax === 'json' ? (JSON.parse(`"${spelt}"`) as string) : node.style === 'single' ? spelt.replace(/''/g, "'") : node.style === 'double' ? (parseYamlLibrary(`"${spelt}"`) as string) : spelt;
        assert.equal(inFile, ref.path[i], `${notation} ${ref.path.join('.')} in ${JSON.stringify(node.raw.slice(0, 60))}`);
      });
      counts.set(notation, (counts.get(notation) ?? 0) + 1);
    }
  }
  return counts;
}

test('through a JSON body with escapes: each segment maps to the characters that spell it', () => {
  const text = JSON.stringify({
    processors: [
      { grok: { field: 'message', patterns: ['\\[%{IP:source.ip}\\] "%{WORD:user.name}" caf\u00e9 %{NUMBER:source.bytes:long}'] } },
      { dissect: { field: 'message', pattern: '"%{http.request.method} %{url.original}"\t%{+message}' } },
      { script: { source: 'ctx[\'a.b\'] = "x"; if (ctx.event?.kind == "\\"") { ctx.event.outcome = \'failure\' }' } },
      { set: { field: 'event.id', value: '{{ "}}" }} {{source.ip}}\n{{{user.name}}}' } },
    ],
  }).replace('é', '\\u00e9');
  const counts = refsThroughFile(text, 'json');
  assert.deepEqual(Object.fromEntries(counts), { grok: 3, dissect: 3, painless: 3, mustache: 2 });
});

test('through YAML quoted, plain and block strings: each segment maps to the characters that spell it', () => {
  const text = [
    'processors:',
    '  - grok:',
    '      patterns:',
    "        - '%{IP:source.ip} it''s %{WORD:user.name}'",
    '        - "\\t%{NUMBER:source.bytes:long}\\n%{WORD:\\',
    '          host.name}"',
    '  - script:',
    '      source: >-',
    "        ctx.event.kind = 'event';",
    '        if (ctx.source?.ip != null) {',
    "          ctx.remove('_tmp');",
    '        }',
    '    if: ctx.network?.direction',
    "      == 'inbound'",
    '  - dissect:',
    '      pattern: |',
    '        %{source.ip} %{?skip}',
    '        %{+message/2}',
    '',
  ].join('\n');
  const counts = refsThroughFile(text, 'yaml');
  assert.deepEqual(Object.fromEntries(counts), { grok: 4, painless: 4, dissect: 2 });
});

test('the corpus pipelines: every reference maps to the file text that spells it', () => {
  const files = corpusFiles('ingest pipelines', (f) => /ingest_pipeline\/.*\.yml$/.test(f) || f.endsWith('ecs-mapper/example/elasticsearch.json'));
  const totals = new Map<string, number>();
  for (const file of files) {
    for (const [notation, n] of refsThroughFile(readCorpus(file), file.endsWith('.json') ? 'json' : 'yaml')) totals.set(notation, (totals.get(notation) ?? 0) + n);
  }
  for (const notation of Object.keys(NOTATIONS)) assert.ok((totals.get(notation) ?? 0) > 0, `the corpus holds ${notation} references`);
});

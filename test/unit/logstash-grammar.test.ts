// The Logstash TextMate grammar and language configuration (syntaxes/logstash.*), exercised token by token through
// the engine VS Code uses (vscode-textmate + vscode-oniguruma) on a realistic pipeline and a file of edge cases.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as vsctm from 'vscode-textmate';
import { check, checkAll, describeLine, engineLoopReports, Expectation, grammarOf, hasScope, tokenize, TokenizedDocument } from '../helpers/textmate';

const repoRoot = join(__dirname, '..', '..');
const grammarPath = join(repoRoot, 'syntaxes', 'logstash.tmLanguage.json');
const configurationPath = join(repoRoot, 'syntaxes', 'logstash.language-configuration.json');
const fixtureDir = join(repoRoot, 'test', 'fixtures', 'logstash', 'grammar');
const SCOPE_NAME = 'source.logstash';

function tokenizeFixture(grammar: vsctm.IGrammar, file: string): TokenizedDocument {
  return tokenize(grammar, file, readFileSync(join(fixtureDir, file), 'utf8'));
}

// ---- pipeline.conf, one table per construct ----

const sectionsAndPlugins: Expectation[] = [
  { line: 'input {', text: 'input', scope: 'entity.name.section' },
  { line: 'input {', text: '{', scope: 'punctuation.section.block.begin' },
  { line: 'filter {', text: 'filter', scope: 'entity.name.section' },
  { line: 'output {', text: 'output', scope: 'entity.name.section' },
  { line: '  beats {', text: 'beats', scope: 'entity.name.function.plugin' },
  { line: '    grok {', text: 'grok', scope: 'entity.name.function.plugin' },
  { line: '    mutate {', text: 'mutate', scope: 'entity.name.function.plugin' },
  { line: 'drop { }', text: 'drop', scope: 'entity.name.function.plugin' },
  { line: 'tcp { port', text: 'tcp', scope: 'entity.name.function.plugin' },
  { line: 'tcp { port', text: 'json_lines', scope: 'entity.name.function.codec' },
  { line: 'tcp { port', text: 'charset', scope: 'variable.parameter.setting' },
  { line: 'geoip { source', text: 'geoip', scope: 'entity.name.function.plugin' },
];

const settingsAndValues: Expectation[] = [
  { line: 'port => 5044', text: 'port', scope: 'variable.parameter.setting' },
  { line: 'port => 5044', text: '=>', scope: 'keyword.operator.assignment' },
  { line: 'port => 5044', text: '5044', scope: 'constant.numeric' },
  { line: 'ssl_enabled => false', text: 'false', scope: 'constant.language.boolean' },
  { line: 'manage_template => true', text: 'true', scope: 'constant.language.boolean' },
  { line: 'timeout_millis => 500', text: 'timeout_millis', scope: 'variable.parameter.setting' },
  { line: 'tag_on_failure => ["_grokparsefailure_syslog"]', text: '[', scope: 'punctuation.section.array.begin' },
  { line: 'tag_on_failure => ["_grokparsefailure_syslog"]', text: '"_grokparsefailure_syslog"', scope: 'string.quoted.double' },
  { line: 'tag_on_failure => ["_grokparsefailure_syslog"]', text: ']', scope: 'punctuation.section.array.end' },
  { line: 'remove_field => [ "pri"', text: ',', scope: 'punctuation.separator.comma' },
  { line: "fallback => 'unknown'", text: "'unknown'", scope: 'string.quoted.single' },
  { line: "fallback => 'unknown'", text: "'", scope: 'punctuation.definition.string.begin' },
  { line: 'match => [ "timestamp"', text: '"@timestamp"', scope: 'string.quoted.double' },
];

const hashes: Expectation[] = [
  { line: 'add_field => { "[event][kind]"', text: '{', scope: 'punctuation.section.hash.begin' },
  { line: 'add_field => { "[event][kind]"', text: '"[event][kind]"', scope: 'meta.mapping.key' },
  { line: 'add_field => { "[event][kind]"', text: '"event"', scope: 'string.quoted.double' },
  { line: 'add_field => { "[event][kind]"', text: '"event"', notScope: 'meta.mapping.key' },
  { line: 'add_field => { "[event][kind]"', text: '"[related][hosts]"', scope: 'meta.mapping.key' },
  { line: '"[fw][src]" => "[source][ip]"', text: '"[fw][src]"', scope: 'meta.mapping.key' },
  { line: "'srcport' => '[source][port]'", text: "'srcport'", scope: 'string.quoted.single' },
  { line: "'srcport' => '[source][port]'", text: "'srcport'", scope: 'meta.mapping.key' },
  { line: 'dictionary => {', text: '"allow"', scope: 'meta.mapping.key' },
  { line: 'dictionary => {', text: '"success"', notScope: 'meta.mapping.key' },
];

const stringsInside: Expectation[] = [
  { line: 'SYSLOGTIMESTAMP', text: '%{', scope: 'punctuation.definition.sprintf.begin' },
  { line: 'SYSLOGTIMESTAMP', text: 'SYSLOGTIMESTAMP:', scope: 'meta.embedded.sprintf' },
  { line: 'SYSLOGTIMESTAMP', text: 'system', scope: 'variable.other.field' },
  { line: 'add_field => { "[event][kind]"', text: 'host', nth: 2, scope: 'variable.other.field' },
  { line: 'add_field => { "[event][kind]"', text: 'host', nth: 2, scope: 'meta.embedded.sprintf' },
  { line: 'index => "logs-', text: 'logs-', scope: 'string.quoted.double' },
  { line: 'index => "logs-', text: 'logs-', notScope: 'meta.embedded' },
  { line: 'index => "logs-', text: 'dataset', scope: 'variable.other.field' },
  { line: 'index => "logs-', text: '+YYYY.MM.dd', scope: 'constant.other.date-format' },
  { line: 'index => "logs-', text: '}', nth: 2, scope: 'punctuation.definition.sprintf.end' },
  { line: 'user => "${ES_USER}"', text: 'ES_USER', scope: 'variable.other.environment' },
  { line: 'user => "${ES_USER}"', text: '${', scope: 'punctuation.definition.variable.begin' },
  { line: 'password => "${ES_PASSWORD:changeme}"', text: 'changeme', scope: 'string.unquoted.default' },
  // A string holding only a field reference.
  { line: 'source => "[event][action]"', text: 'event', scope: 'variable.other.field' },
  { line: 'source => "[event][action]"', text: '[', scope: 'punctuation.definition.field.begin' },
  // Multi-line ruby code is one string; a # inside it is no comment.
  { line: 'value = event.get(', text: '      value = event.get("[event][duration]")', scope: 'string.quoted.single' },
  { line: '# scaled', text: '      event.set("[event][duration]", value * 1000) # scaled', scope: 'string.quoted.single' },
  { line: '# scaled', text: '      event.set("[event][duration]", value * 1000) # scaled', notScope: 'comment' },
];

const conditionals: Expectation[] = [
  { line: 'if [type] == "syslog"', text: 'if', scope: 'keyword.control.conditional' },
  { line: 'if [type] == "syslog"', text: 'type', scope: 'variable.other.field' },
  { line: 'if [type] == "syslog"', text: '[', scope: 'punctuation.definition.field.begin' },
  { line: 'if [type] == "syslog"', text: '==', scope: 'keyword.operator.comparison' },
  { line: 'if [type] == "syslog"', text: '"syslog"', scope: 'string.quoted.double' },
  { line: 'if [type] == "syslog"', text: 'and', scope: 'keyword.operator.logical' },
  { line: 'if [type] == "syslog"', text: 'name', scope: 'variable.other.field' },
  { line: 'if [type] == "syslog"', text: '!=', scope: 'keyword.operator.comparison' },
  { line: '} else if [message]', text: 'else if', scope: 'keyword.control.conditional' },
  { line: '} else if [message]', text: '=~', scope: 'keyword.operator.regexp' },
  { line: '} else if [message]', text: '^<\\d+>\\w+\\/x', scope: 'string.regexp' },
  { line: '} else if [message]', text: '\\/', scope: 'constant.character.escape' },
  { line: '} else if [message]', text: '/', scope: 'punctuation.definition.regexp.begin' },
  { line: '} else if [message]', text: 'or', scope: 'keyword.operator.logical' },
  { line: '} else if [message]', text: 'in', nth: 1, scope: 'keyword.operator.word' },
  { line: '  } else {', text: 'else', scope: 'keyword.control.conditional' },
  { line: 'if ![tags]', text: '!', scope: 'keyword.operator.logical' },
  { line: 'if ![tags]', text: '(', scope: 'punctuation.section.group.begin' },
  { line: 'if ![tags]', text: '>=', scope: 'keyword.operator.comparison' },
  { line: 'if ![tags]', text: '400', scope: 'constant.numeric' },
  { line: 'if ![tags]', text: 'xor', scope: 'keyword.operator.logical' },
  { line: 'if ![tags]', text: '<', scope: 'keyword.operator.comparison' },
  { line: 'if ![tags]', text: 'nand', scope: 'keyword.operator.logical' },
  { line: 'if ![tags]', text: 'not in', scope: 'keyword.operator.word' },
  { line: 'if [event][created] !~', text: '!~', scope: 'keyword.operator.regexp' },
  { line: 'date { match', text: 'date', scope: 'entity.name.function.plugin' },
];

const comments: Expectation[] = [
  { line: 1, text: '# Syslog pipeline: parse, normalise, ship.', scope: 'comment.line.number-sign' },
  { line: 1, text: '#', scope: 'punctuation.definition.comment' },
  { line: 'geoip { source', text: '# enrich', scope: 'comment.line.number-sign' },
  { line: 'geoip { source', text: '"[source][ip]"', notScope: 'comment' },
];

const edgeCases: Expectation[] = [
  // Only a backslash before the string's own quote is an escape (Logstash's default string reading).
  { line: 'gsub => ["message"', text: "'[\\\"]'", scope: 'string.quoted.single' },
  { line: 'gsub => ["message"', text: '[\\"]', notScope: 'constant.character.escape' },
  { line: "add_tag => [ say_it", text: 'say_it', scope: 'string.unquoted.bareword' },
  { line: "add_tag => [ say_it", text: "\\'", scope: 'constant.character.escape' },
  { line: "add_tag => [ say_it", text: '\\"', nth: 1, scope: 'constant.character.escape' },
  { line: "add_tag => [ say_it", text: ']', scope: 'punctuation.section.array.end' },
  // A hash with commas (which Logstash rejects; the diagnostics say so) still highlights entry by entry.
  { line: '"a" => "b", "c" => "d"', text: ',', scope: 'punctuation.separator.comma' },
  { line: '"a" => "b", "c" => "d"', text: '"c"', scope: 'meta.mapping.key' },
  { line: '"a" => "b", "c" => "d"', text: '"d"', notScope: 'meta.mapping.key' },
  // Bare and numeric hash keys.
  { line: 'key_one => 1 2 => -3.5', text: 'key_one', scope: 'variable.other.key' },
  { line: 'key_one => 1 2 => -3.5', text: '2', scope: 'meta.mapping.key' },
  { line: 'key_one => 1 2 => -3.5', text: '-3.5', scope: 'constant.numeric' },
  // Field references with spaces, dots and an index; in with an array.
  { line: 'if [a b][c.d][0]', text: 'a b', scope: 'variable.other.field' },
  { line: 'if [a b][c.d][0]', text: 'c.d', scope: 'variable.other.field' },
  { line: 'if [a b][c.d][0]', text: '0', scope: 'variable.other.field' },
  { line: 'if [a b][c.d][0]', text: '"x"', scope: 'meta.structure.array' },
  { line: 'if ([x])', text: ')', scope: 'punctuation.section.group.end' },
  // A { inside a string or a regexp does not open the body.
  { line: 'if [m] =~ "a{2}"', text: '"a{2}"', scope: 'string.quoted.double' },
  { line: 'if [m] =~ "a{2}"', text: 'drop', scope: 'entity.name.function.plugin' },
  { line: 'if [n] =~ /a{2}/', text: 'a{2}', scope: 'string.regexp' },
  { line: 'if [n] =~ /a{2}/', text: 'drop', scope: 'entity.name.function.plugin' },
  // An unclosed %{ ends with its string.
  { line: 'half %{WORD', text: 'WORD', scope: 'meta.embedded.sprintf' },
  { line: 'half %{WORD', text: '"', nth: 4, scope: 'punctuation.definition.string.end' },
  { line: 'half %{WORD', text: ' } }', notScope: 'string' },
  // A # inside a multi-line string is part of it; highlighting resumes after the string.
  { line: 'not a comment: inside a string', text: '      # not a comment: inside a string', notScope: 'comment' },
  { line: 'after the multi-line string', text: 'id', scope: 'variable.parameter.setting' },
  { line: 'after the multi-line string', text: 'mutate', scope: 'entity.name.function.plugin' },
];

describe('Logstash grammar on a realistic pipeline', () => {
  let doc: TokenizedDocument;

  before(async () => {
    doc = tokenizeFixture(await grammarOf(grammarPath, SCOPE_NAME), 'pipeline.conf');
  });

  it('ends with every construct closed', () => {
    assert.ok(doc.isTopLevel(doc.finalState), `${doc.name}: the state after the last line is ${doc.finalState.depth} deep`);
  });

  const groups: ReadonlyArray<readonly [string, readonly Expectation[]]> = [
    ['sections, plugins and codecs', sectionsAndPlugins],
    ['settings, =>, numbers, booleans, strings and arrays', settingsAndValues],
    ['hashes and their keys', hashes],
    ['sprintf references, field references and environment variables inside strings, multi-line strings', stringsInside],
    ['conditionals and every operator', conditionals],
    ['comments', comments],
  ];
  for (const [title, expectations] of groups) it(`scopes ${title}`, () => checkAll(doc, expectations));

  it('highlights nothing inside a comment', () => {
    let seen = 0;
    for (const line of doc.lines) {
      for (const token of line.tokens) {
        const index = token.scopes.findIndex((s) => hasScope([s], 'comment.line'));
        if (index < 0) continue;
        seen++;
        const nested = token.scopes.slice(index + 1).filter((s) => !hasScope([s], 'punctuation.definition.comment'));
        assert.deepEqual(nested, [], `a comment holds highlighted text on\n${describeLine(line)}`);
      }
    }
    assert.ok(seen > 0, 'no comment found, so the check proved nothing');
  });
});

describe('Logstash grammar on edge cases', () => {
  let grammar: vsctm.IGrammar;
  let doc: TokenizedDocument;

  before(async () => {
    grammar = await grammarOf(grammarPath, SCOPE_NAME);
    doc = tokenizeFixture(grammar, 'edge-cases.conf');
  });

  it('ends with every construct closed', () => {
    assert.ok(doc.isTopLevel(doc.finalState), `${doc.name}: the state after the last line is not the top level`);
  });

  it('scopes escapes, hashes with and without commas, field references, and strings holding { or #', () => checkAll(doc, edgeCases));

  it('never stops highlighting mid-line, for both fixtures and every prefix of every edge-case line', () => {
    const pipeline = readFileSync(join(fixtureDir, 'pipeline.conf'), 'utf8');
    const edge = readFileSync(join(fixtureDir, 'edge-cases.conf'), 'utf8');
    const prefixes = edge.split(/\r?\n/).flatMap((line) => [...line].map((_, i) => line.slice(0, i + 1)));
    assert.deepEqual(engineLoopReports(grammarPath, SCOPE_NAME, [pipeline, edge, ...prefixes]), []);
  });

  it('reads a string ending in \\\\ as Logstash does: still open', () => {
    const open = tokenize(grammar, 'open string', String.raw`p { a => "C:\\" b => "x" }`);
    check(open, { line: 1, text: String.raw`C:\\" b => `, scope: 'string.quoted.double' });
  });
});

describe('Logstash language configuration', () => {
  interface LanguageConfiguration {
    comments: { lineComment: string };
    brackets: Array<[string, string]>;
    autoClosingPairs: Array<{ open: string; close: string; notIn?: string[] }>;
    surroundingPairs: Array<[string, string]>;
    indentationRules: { increaseIndentPattern: string; decreaseIndentPattern: string };
  }
  const configuration = JSON.parse(readFileSync(configurationPath, 'utf8')) as LanguageConfiguration;
  let grammar: vsctm.IGrammar;

  before(async () => {
    grammar = await grammarOf(grammarPath, SCOPE_NAME);
  });

  it('toggles line comments with a marker the grammar highlights as a comment', () => {
    const doc = tokenize(grammar, 'toggled', `filter {\n  ${configuration.comments.lineComment} mutate { id => "x" }\n}`);
    check(doc, { line: 2, text: `${configuration.comments.lineComment} mutate { id => "x" }`, scope: 'comment.line' });
    assert.ok(doc.isTopLevel(doc.finalState));
  });

  it('matches and auto-closes the brackets and quotes of the language', () => {
    assert.deepEqual(configuration.brackets.map(([o, c]) => o + c).sort(), ['()', '[]', '{}']);
    const autoClosed = configuration.autoClosingPairs.map((p) => p.open + p.close);
    for (const pair of ['{}', '[]', '()', '""', "''"]) assert.ok(autoClosed.includes(pair), `autoClosingPairs lacks ${pair}`);
    for (const quote of ['"', "'"]) assert.deepEqual(configuration.autoClosingPairs.find((p) => p.open === quote)?.notIn, ['string', 'comment']);
    assert.ok(configuration.surroundingPairs.length > 0);
  });

  it('auto-closed pairs produce the construct the grammar expects once filled in', () => {
    const filled: ReadonlyArray<readonly [string, string, string]> = [
      ['"', 'p { a => ', 'string.quoted.double'],
      ["'", 'p { a => ', 'string.quoted.single'],
      ['[', 'p { a => ', 'meta.structure.array'],
      ['{', 'p { a => ', 'meta.structure.hash'],
    ];
    for (const [open, before, scope] of filled) {
      const pair = configuration.autoClosingPairs.find((p) => p.open === open)!;
      const inner = `${pair.open}x${pair.close}`;
      const doc = tokenize(grammar, `auto-closed ${open}`, `${before}${inner} }`);
      check(doc, { line: 1, text: inner, scope });
      assert.ok(doc.isTopLevel(doc.finalState), `${inner} leaves a construct open`);
    }
  });

  it('indents after a line opening a block and outdents a closing line', () => {
    const increase = new RegExp(configuration.indentationRules.increaseIndentPattern);
    const decrease = new RegExp(configuration.indentationRules.decreaseIndentPattern);
    for (const line of ['filter {', '  mutate {', '  if [a] == "b" {', '    match => [', '  mutate { # note']) assert.ok(increase.test(line), line);
    for (const line of ['  mutate { id => "x" }', '  add => "{"', '  # {']) assert.ok(!increase.test(line), line);
    for (const line of ['}', '  ]', '  } else {']) assert.ok(decrease.test(line), line);
  });
});

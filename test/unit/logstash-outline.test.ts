// The Logstash outline and folding ranges (outline.ts, folding.ts): sections, plugins named with their id, codecs
// inside their plugin, conditionals with their condition and their else-if / else branches, each with its spans.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { logstashFoldingRanges, logstashSymbols, parseLogstash, type LogstashSymbol } from '../../server/src/document/syntaxes/logstash';

const text = [
  '# pipeline', //
  'input {',
  '  tcp { port => 5000 codec => json { charset => "UTF-8" } }',
  '}',
  'filter {',
  '  mutate { id => "normalise" }',
  '  if [type] == "syslog" and',
  '     [host] {',
  '    grok { id => bare_id }',
  '  } else if "x" in [tags] {',
  '    drop {}',
  '  } else {',
  '    date {',
  '      match => [',
  '        "ts"',
  '      ]',
  '    }',
  '  }',
  '}',
  '',
].join('\n');

interface Plain {
  kind: string;
  name: string;
  span: string;
  nameSpan: string;
  children: Plain[];
}

function plain(s: LogstashSymbol): Plain {
  return { kind: s.kind, name: s.name, span: text.slice(s.span.start, s.span.end).split('\n')[0], nameSpan: text.slice(s.nameSpan.start, s.nameSpan.end), children: s.children.map(plain) };
}

describe('Logstash outline', () => {
  it('lists sections, plugins with their id, codecs, and conditionals with their branches', () => {
    const symbols = logstashSymbols(parseLogstash(text)).map(plain);
    assert.deepEqual(symbols, [
      { kind: 'section', name: 'input', span: 'input {', nameSpan: 'input', children: [
        { kind: 'plugin', name: 'tcp', span: '  tcp { port => 5000 codec => json { charset => "UTF-8" } }'.trim(), nameSpan: 'tcp', children: [
          { kind: 'plugin', name: 'json', span: 'json { charset => "UTF-8" }', nameSpan: 'json', children: [] },
        ] },
      ] },
      { kind: 'section', name: 'filter', span: 'filter {', nameSpan: 'filter', children: [
        { kind: 'plugin', name: 'mutate (normalise)', span: 'mutate { id => "normalise" }', nameSpan: 'mutate', children: [] },
        { kind: 'conditional', name: 'if [type] == "syslog" and [host]', span: 'if [type] == "syslog" and', nameSpan: 'if [type] == "syslog" and\n     [host]', children: [
          { kind: 'plugin', name: 'grok (bare_id)', span: 'grok { id => bare_id }', nameSpan: 'grok', children: [] },
        ] },
        { kind: 'branch', name: 'else if "x" in [tags]', span: 'else if "x" in [tags] {', nameSpan: 'else if "x" in [tags]', children: [
          { kind: 'plugin', name: 'drop', span: 'drop {}', nameSpan: 'drop', children: [] },
        ] },
        { kind: 'branch', name: 'else', span: 'else {', nameSpan: 'else', children: [
          { kind: 'plugin', name: 'date', span: 'date {', nameSpan: 'date', children: [] },
        ] },
      ] },
    ]);
  });

  it('names a half-typed if by its keyword alone', () => {
    const symbols = logstashSymbols(parseLogstash('filter {\n  if\n  mutate {}\n}\n'));
    assert.deepEqual(symbols[0].children.map((s) => [s.kind, s.name]), [['conditional', 'if'], ['plugin', 'mutate']]);
  });

  it('cuts a very long condition', () => {
    const condition = Array.from({ length: 40 }, (_, i) => `[f${i}] == "v"`).join(' or ');
    const [symbol] = logstashSymbols(parseLogstash(`filter { if ${condition} { } }`))[0].children;
    assert.ok(symbol.name.endsWith('…') && symbol.name.length === 'if '.length + 160, symbol.name);
  });
});

describe('Logstash folding ranges', () => {
  it('folds multi-line blocks and comment runs, not one-line blocks', () => {
    const source = '# a\n# b\n' + text;
    const ranges = logstashFoldingRanges(parseLogstash(source)).map((r) => ({ first: source.slice(r.start, r.end).split('\n')[0], kind: r.kind }));
    assert.deepEqual(ranges, [
      { first: '# a', kind: 'comment' },
      { first: 'input {', kind: undefined },
      { first: 'filter {', kind: undefined },
      { first: 'if [type] == "syslog" and', kind: undefined },
      { first: 'else if "x" in [tags] {', kind: undefined },
      { first: 'else {', kind: undefined },
      { first: 'date {', kind: undefined },
      { first: '[', kind: undefined },
    ]);
  });
});

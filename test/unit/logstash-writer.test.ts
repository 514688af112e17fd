// The Logstash writer (server/src/document/syntaxes/logstash/writer.ts): what it writes reads back as the value
// meant (Logstash's default string reading: nothing decoded), and insertions follow the file's layout and quotes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  applyEdits, arrayItemText, attributeText, Bareword, hashEntryText, insertArrayItem, insertAttribute, insertHashEntry, keyText,
  nameText, numberText, parseLogstash, quoteString, Verbatim,
  type ArrayNode, type HashNode, type LogstashLayout, type LogstashParse, type PluginNode, type ValueNode,
} from '../../server/src/document/syntaxes/logstash';

const layout: LogstashLayout = { indent: '    ', unit: '  ', eol: '\n' };

/** The value `text` holds when written as a setting's value, or the problems reading it. */
function readBack(text: string): ValueNode {
  const parse = parseLogstash(`filter { p { v => ${text} } }`);
  assert.deepEqual(parse.problems, [], `${text} does not read back`);
  const value = (parse.config.sections[0].body[0] as PluginNode).attributes[0].value;
  assert.ok(value);
  return value;
}

function firstPlugin(parse: LogstashParse): PluginNode {
  return parse.config.sections[0].body[0] as PluginNode;
}

function insert(text: string, make: (parse: LogstashParse) => ReturnType<typeof insertAttribute>): string {
  const parse = parseLogstash(text);
  const edit = make(parse);
  assert.ok(edit, 'no edit');
  const after = applyEdits(text, [edit]);
  assert.deepEqual(parseLogstash(after).problems, [], `the edited text has problems:\n${after}`);
  return after;
}

describe('Logstash writer: quoting', () => {
  it('quotes in the quote asked for, the other one when only it can hold the value, and nothing when neither can', () => {
    assert.equal(quoteString('a b'), '"a b"');
    assert.equal(quoteString('a b', "'"), "'a b'");
    assert.equal(quoteString('say "hi"'), `'say "hi"'`);
    assert.equal(quoteString("it's", "'"), `"it's"`);
    assert.equal(quoteString(`it's "x"`), undefined);
    assert.equal(quoteString('C:\\'), undefined, 'a trailing backslash would keep the string open');
    assert.equal(quoteString('%{[a][b]} \\d+'), '"%{[a][b]} \\d+"');
  });

  it('writes every string it can quote so that it reads back unchanged', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), fc.constantFrom('"' as const, "'" as const), (value, quote) => {
      const text = quoteString(value, quote);
      if (text === undefined) {
        assert.ok((value.includes('"') && value.includes("'")) || value.endsWith('\\'), `refused ${JSON.stringify(value)}`);
        return;
      }
      const node = readBack(text);
      assert.ok(node.kind === 'string');
      assert.equal(node.value, value);
    }), { seed: 24, numRuns: 500 });
  });

  it('writes names bare when Logstash reads them bare, hash keys always quoted', () => {
    assert.equal(nameText('add_field'), 'add_field');
    assert.equal(nameText('my-plugin'), 'my-plugin');
    assert.equal(nameText('a.b'), '"a.b"');
    assert.equal(keyText('[event][kind]'), '"[event][kind]"');
    assert.equal(keyText('message', "'"), "'message'");
  });

  it('writes numbers as Logstash reads them, and refuses those it cannot', () => {
    assert.equal(numberText(500), '500');
    assert.equal(numberText(-1.5), '-1.5');
    assert.equal(numberText(1e-7), '0.0000001');
    assert.equal(numberText(Number.NaN), undefined);
    assert.equal(numberText(Number.POSITIVE_INFINITY), undefined);
    assert.equal(numberText(1e21), undefined);
    for (const n of [0, 7, -3, 2.25, 1e-7]) {
      const node = readBack(numberText(n)!);
      assert.ok(node.kind === 'number' && node.value === n, String(n));
    }
  });

  it('writes settings, hash entries and array items', () => {
    assert.equal(attributeText('remove_field', ['a', 'b'], layout), 'remove_field => ["a", "b"]');
    assert.equal(attributeText('codec', new Bareword('json_lines'), layout), 'codec => json_lines');
    assert.equal(attributeText('enabled', true, layout), 'enabled => true');
    assert.equal(attributeText('add_field', { '[event][kind]': 'event', n: 1 }, layout),
      'add_field => {\n      "[event][kind]" => "event"\n      "n" => 1\n    }');
    assert.equal(attributeText('match', {}, layout), 'match => {}');
    assert.equal(hashEntryText('[a]', 'x', { ...layout, quote: "'" }), "'[a]' => 'x'");
    assert.equal(arrayItemText(new Verbatim('${1:field}'), layout), '${1:field}');
    assert.equal(attributeText('bad', ['ok', `both ' and "`], layout), undefined, 'a value no quote holds');
    assert.equal(attributeText('bad', new Bareword('a-b'), layout), undefined, 'a bareword Logstash does not read');
  });
});

describe('Logstash writer: insertions', () => {
  it('adds a setting last or first in a multi-line plugin, in the file\'s indentation', () => {
    const text = 'filter {\n    mutate {\n        id => "x"\n    }\n}\n';
    assert.equal(insert(text, (p) => insertAttribute(p, firstPlugin(p), 'add_tag', ['a', 'b'])),
      'filter {\n    mutate {\n        id => "x"\n        add_tag => ["a", "b"]\n    }\n}\n');
    assert.equal(insert(text, (p) => insertAttribute(p, firstPlugin(p), 'add_field', { '[event][kind]': 'event' }, 'first')),
      'filter {\n    mutate {\n        add_field => {\n            "[event][kind]" => "event"\n        }\n        id => "x"\n    }\n}\n');
  });

  it('adds a setting to a one-line or empty plugin on its line, in the file\'s quotes', () => {
    assert.equal(insert("filter { mutate { id => 'x' } }\n", (p) => insertAttribute(p, firstPlugin(p), 'add_tag', 'y')),
      "filter { mutate { id => 'x' add_tag => 'y' } }\n");
    assert.equal(insert('filter { mutate {} }\n', (p) => insertAttribute(p, firstPlugin(p), 'add_tag', 'y')), 'filter { mutate { add_tag => "y" } }\n');
  });

  it('keeps tabs and CR LF', () => {
    const text = 'filter {\r\n\tmutate {\r\n\t\tid => "x"\r\n\t}\r\n}\r\n';
    assert.equal(insert(text, (p) => insertAttribute(p, firstPlugin(p), 'add_field', { a: 'b' })),
      'filter {\r\n\tmutate {\r\n\t\tid => "x"\r\n\t\tadd_field => {\r\n\t\t\t"a" => "b"\r\n\t\t}\r\n\t}\r\n}\r\n');
  });

  it('adds a hash entry right after the last one, so no comment ends up between two entries', () => {
    const text = 'filter {\n  mutate {\n    add_field => {\n      "a" => "b" # why\n      # old\n    }\n  }\n}\n';
    const after = insert(text, (p) => insertHashEntry(p, firstPlugin(p).attributes[0].value as HashNode, '[event][kind]', 'event'));
    assert.equal(after, 'filter {\n  mutate {\n    add_field => {\n      "a" => "b"\n      "[event][kind]" => "event" # why\n      # old\n    }\n  }\n}\n');
    assert.equal(insert('filter { mutate { add_field => { "a" => "b" } } }', (p) => insertHashEntry(p, firstPlugin(p).attributes[0].value as HashNode, 'c', 1, 'first')),
      'filter { mutate { add_field => { "c" => 1 "a" => "b" } } }');
  });

  it('adds array items with commas, comments left where they are, strings in the array\'s quotes', () => {
    const text = 'filter {\n  mutate {\n    remove_field => [\n      "a", # one\n      "b" # two\n    ]\n  }\n}\n';
    assert.equal(insert(text, (p) => insertArrayItem(p, firstPlugin(p).attributes[0].value as ArrayNode, 'c')),
      'filter {\n  mutate {\n    remove_field => [\n      "a", # one\n      "b", # two\n      "c"\n    ]\n  }\n}\n');
    assert.equal(insert(text, (p) => insertArrayItem(p, firstPlugin(p).attributes[0].value as ArrayNode, 'z', 'first')),
      'filter {\n  mutate {\n    remove_field => [\n      "z",\n      "a", # one\n      "b" # two\n    ]\n  }\n}\n');
    assert.equal(insert("filter { mutate { remove_field => [ 'a' ] } }", (p) => insertArrayItem(p, firstPlugin(p).attributes[0].value as ArrayNode, 'b')),
      "filter { mutate { remove_field => [ 'a', 'b' ] } }");
    assert.equal(insert('filter { mutate { remove_field => [] } }', (p) => insertArrayItem(p, firstPlugin(p).attributes[0].value as ArrayNode, 'b')),
      'filter { mutate { remove_field => ["b"] } }');
  });

  it('answers no edit for an unclosed block or a value it cannot write', () => {
    const open = parseLogstash('filter { mutate { id => "x"');
    assert.equal(insertAttribute(open, firstPlugin(open), 'add_tag', 'y'), undefined);
    const closed = parseLogstash('filter { mutate { } }');
    assert.equal(insertAttribute(closed, firstPlugin(closed), 'add_tag', `'"`), undefined);
  });
});

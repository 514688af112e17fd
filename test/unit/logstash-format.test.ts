// Formatting Logstash configs (server/src/document/syntaxes/logstash/format.ts) on before/after fixtures in
// test/fixtures/logstash/format/: indentation, spacing, blank lines, strings, comments and regexps left alone,
// tabs, the file's own indentation step, line breaks kept, range formatting, and files with syntax problems.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, formatLogstash, parseLogstash, Tok, type FormatOptions } from '../../server/src/document/syntaxes/logstash';
import { logstashShape as shape } from '../helpers/logstashShape';

const fixtureDir = join(__dirname, '..', 'fixtures', 'logstash', 'format');

/** The options each fixture is formatted with (an editor's); fixtures not listed get two spaces. */
const optionsFor: Record<string, FormatOptions> = {
  tabs: { tabSize: 4, insertSpaces: false },
  'own-indent': {},
};

function format(text: string, options: FormatOptions, range?: { start: number; end: number }): string {
  return applyEdits(text, formatLogstash(text, options, range));
}

const cases = readdirSync(fixtureDir).filter((f) => f.endsWith('.before.conf')).map((f) => f.slice(0, -'.before.conf'.length)).sort();

describe('Logstash formatting: fixtures', () => {
  it('has the fixtures this test is about', () => {
    assert.deepEqual(cases, ['blank-lines', 'indentation', 'own-indent', 'spacing', 'strings-untouched', 'syntax-error', 'tabs']);
  });

  for (const name of cases) {
    it(`${name}: formats to its .after.conf, and formatting that again changes nothing`, () => {
      const before = readFileSync(join(fixtureDir, `${name}.before.conf`), 'utf8');
      const after = readFileSync(join(fixtureDir, `${name}.after.conf`), 'utf8');
      const options = optionsFor[name] ?? { tabSize: 2, insertSpaces: true };
      assert.equal(format(before, options), after);
      assert.deepEqual(formatLogstash(after, options), []);
      if (name !== 'syntax-error') assert.deepEqual(shape(after), shape(before), `${name}: the parse changed`);
    });
  }
});

describe('Logstash formatting: behaviour', () => {
  it('leaves every string, comment and regexp character for character', () => {
    const before = readFileSync(join(fixtureDir, 'strings-untouched.before.conf'), 'utf8');
    const after = format(before, { tabSize: 2, insertSpaces: true });
    const parse = parseLogstash(before);
    const { kinds, starts, ends } = parse.tokens;
    const untouched: string[] = [];
    for (let i = 0; i < parse.tokens.length; i++) {
      if (kinds[i] === Tok.String || kinds[i] === Tok.Regexp || kinds[i] === Tok.Comment) untouched.push(before.slice(starts[i], ends[i]));
    }
    assert.deepEqual([Tok.String, Tok.Regexp, Tok.Comment].map((k) => [...kinds.subarray(0, parse.tokens.length)].filter((x) => x === k).length), [5, 1, 1]);
    let from = 0;
    for (const piece of untouched) {
      const at = after.indexOf(piece, from);
      assert.ok(at >= 0, `lost or changed: ${JSON.stringify(piece)}`);
      from = at + piece.length;
    }
  });

  it('keeps CR LF line breaks', () => {
    const before = readFileSync(join(fixtureDir, 'blank-lines.before.conf'), 'utf8').replace(/\n/g, '\r\n');
    const after = readFileSync(join(fixtureDir, 'blank-lines.after.conf'), 'utf8').replace(/\n/g, '\r\n');
    assert.equal(format(before, { tabSize: 2, insertSpaces: true }), after);
  });

  it('uses the editor\'s tab size', () => {
    assert.equal(format('filter {\nmutate {\nid => "x"\n}\n}\n', { tabSize: 3, insertSpaces: true }), 'filter {\n   mutate {\n      id => "x"\n   }\n}\n');
  });

  it('formats only the lines a range touches', () => {
    const before = readFileSync(join(fixtureDir, 'indentation.before.conf'), 'utf8');
    const full = format(before, { tabSize: 2, insertSpaces: true }).split('\n');
    const lines = before.split('\n');
    // Lines 7 to 10 (0-based 6..9): the grok block inside the first if.
    const start = lines.slice(0, 6).join('\n').length + 1;
    const end = lines.slice(0, 10).join('\n').length + 1; // the start of line 10: whole lines selected
    const ranged = format(before, { tabSize: 2, insertSpaces: true }, { start, end }).split('\n');
    assert.equal(ranged.length, lines.length);
    for (let i = 0; i < lines.length; i++) {
      assert.equal(ranged[i], i >= 6 && i <= 9 ? full[i] : lines[i], `line ${i}`);
    }
    assert.notDeepEqual(ranged.slice(6, 10), lines.slice(6, 10), 'the range held lines to format');
  });

  it('a range inside a section with a syntax problem changes nothing', () => {
    const before = readFileSync(join(fixtureDir, 'syntax-error.before.conf'), 'utf8');
    const start = before.indexOf('grok');
    assert.deepEqual(formatLogstash(before, { tabSize: 2, insertSpaces: true }, { start, end: start + 4 }), []);
  });

  it('an empty or blank file formats to an empty file', () => {
    assert.equal(format('', {}), '');
    assert.equal(format('  \n\n\t\n', {}), '');
    assert.equal(format('# only a comment', {}), '# only a comment\n');
  });

  it('answers edits in file order that do not overlap', () => {
    const before = readFileSync(join(fixtureDir, 'spacing.before.conf'), 'utf8');
    const edits = formatLogstash(before, { tabSize: 2, insertSpaces: true });
    for (let i = 1; i < edits.length; i++) assert.ok(edits[i - 1].end <= edits[i].start, `edits ${i - 1} and ${i} overlap`);
  });
});

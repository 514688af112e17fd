// The server's open-document text (lsp/lineTableDocument.ts) must place every diagnostic, completion and hover exactly
// where vscode-languageserver-textdocument's TextDocument would: same positions, offsets and text after any edits,
// with \n, \r\n, lone \r, edits that split or join a \r\n pair, and characters outside the BMP (two UTF-16 units).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { LineTableDocument } from '../../server/src/lsp/lineTableDocument';

type Edit = { start: number; end: number; text: string };

/** Applies the same edits (given as offsets into the library's current text) to both and compares everything. */
function check(name: string, initial: string, edits: Edit[]): void {
  const expected = TextDocument.create('file:///a.json', 'json', 1, initial);
  const actual = LineTableDocument.create('file:///a.json', 'json', 1, initial);
  compare(name, 'open', expected, actual);
  edits.forEach((edit, k) => {
    const range = { start: expected.positionAt(edit.start), end: expected.positionAt(edit.end) };
    const changes: TextDocumentContentChangeEvent[] = [{ range, text: edit.text }];
    TextDocument.update(expected, changes, k + 2);
    LineTableDocument.update(actual, changes, k + 2);
    compare(name, `after edit ${k + 1} ${JSON.stringify(edit)}`, expected, actual);
  });
}

function compare(name: string, when: string, expected: TextDocument, actual: LineTableDocument): void {
  const text = expected.getText();
  assert.equal(actual.getText(), text, `${name}, ${when}: text`);
  assert.equal(actual.version, expected.version, `${name}, ${when}: version`);
  assert.equal(actual.lineCount, expected.lineCount, `${name}, ${when}: line count`);
  for (let offset = -1; offset <= text.length + 1; offset++) {
    assert.deepEqual(actual.positionAt(offset), expected.positionAt(offset), `${name}, ${when}: positionAt(${offset}) of ${JSON.stringify(text)}`);
  }
  for (let line = -1; line <= expected.lineCount + 1; line++) {
    for (let character = -1; character <= 6; character++) {
      const p = { line, character };
      assert.equal(actual.offsetAt(p), expected.offsetAt(p), `${name}, ${when}: offsetAt(${line}:${character}) of ${JSON.stringify(text)}`);
    }
  }
  for (let line = -1; line <= expected.lineCount; line++) {
    assert.deepEqual(actual.getLineRange(line), expected.getLineRange(line), `${name}, ${when}: getLineRange(${line})`);
    assert.equal(actual.getEOLCharacters(line), expected.getEOLCharacters(line), `${name}, ${when}: getEOLCharacters(${line})`);
  }
  const range = { start: { line: 0, character: 1 }, end: { line: 1, character: 2 } };
  assert.equal(actual.getText(range), expected.getText(range), `${name}, ${when}: getText(range)`);
}

const cases: Array<[name: string, initial: string, edits: Edit[]]> = [
  ['empty document, typed into', '', [{ start: 0, end: 0, text: '{\n  "a": 1\n}' }, { start: 5, end: 5, text: 'bc' }]],
  ['LF lines, a line joined and one split', '{\n  "a": 1,\n  "b": 2\n}\n', [{ start: 11, end: 14, text: '' }, { start: 4, end: 4, text: '\n\n' }]],
  ['CRLF lines, an edit inside one pair', '{\r\n  "a": 1\r\n}', [{ start: 2, end: 2, text: 'x' }, { start: 1, end: 3, text: '' }]],
  ['a CR typed before an LF makes a pair', 'a\nb\nc', [{ start: 1, end: 1, text: '\r' }, { start: 4, end: 4, text: '\r' }]],
  ['an LF typed after a CR makes a pair', 'a\rb\rc', [{ start: 2, end: 2, text: '\n' }, { start: 1, end: 1, text: 'z' }]],
  ['deleting what stands between CR and LF joins them', 'a\rxx\nb', [{ start: 2, end: 4, text: '' }]],
  ['replacing across lines with CRLF text', 'one\ntwo\nthree\nfour', [{ start: 2, end: 12, text: 'X\r\nY\rZ\n' }, { start: 0, end: 30, text: '' }]],
  ['whole-document edits and a trailing CR', 'x\r', [{ start: 0, end: 2, text: 'p\r\nq\r' }, { start: 4, end: 5, text: '\n' }]],
  ['characters outside the BMP', '{"k": "😀😀"}\n{"k": "é"}', [{ start: 9, end: 9, text: '🎉\n' }, { start: 7, end: 9, text: '' }]],
];

for (const [name, initial, edits] of cases) {
  test(`line table document: ${name}`, () => check(name, initial, edits));
}

test('line table document: a reversed edit range is applied as the library applies it', () => {
  const expected = TextDocument.create('file:///a', 'json', 1, 'ab\ncd\nef');
  const actual = LineTableDocument.create('file:///a', 'json', 1, 'ab\ncd\nef');
  const changes = [{ range: { start: { line: 2, character: 1 }, end: { line: 0, character: 1 } }, text: '\r\n' }];
  TextDocument.update(expected, changes, 2);
  LineTableDocument.update(actual, changes, 2);
  compare('reversed range', 'after edit', expected, actual);
});

test('line table document: 300 seeded random edits agree with the library', () => {
  let seed = 12345;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed >>> 8) % n;
  };
  const pieces = ['\n', '\r\n', '\r', 'a', '"k": 1', ' ', '😀', '{', '\n\r', 'é'];
  const piece = (): string => Array.from({ length: random(4) }, () => pieces[random(pieces.length)]).join('');
  const initial = Array.from({ length: 20 }, piece).join('');
  let length = initial.length;
  const edits: Edit[] = [];
  for (let i = 0; i < 300; i++) {
    const start = random(length + 1);
    const end = Math.min(length, start + random(6));
    const text = piece();
    edits.push({ start, end, text });
    length += text.length - (end - start);
  }
  check('random', initial, edits);
});

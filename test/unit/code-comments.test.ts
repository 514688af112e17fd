// Code comments state reasons and invariants; performance figures and the story of an optimisation belong in
// docs/performance.md and the git log (issue 22). This test fails on a figure with a unit (`12 ms`, `3 MB`, `40%`,
// `2x faster`) in a line or block comment under server/src, client/src or conversion/. Comments are found by the
// TypeScript parser, so `//` inside a string, a template or a regular expression is not one; a figure inside a code
// span (backticks) of a comment is an example of data (`timeout: 30s`), not a measurement. Each failure names the
// file, the line and the comment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const REPO = resolve(__dirname, '../..');
const SCANNED = ['server/src', 'client/src', 'conversion'];

interface Comment {
  /** 1-based line of the comment's first character. */
  line: number;
  text: string;
}

interface Figure {
  /** 1-based line in the file. */
  line: number;
  /** The figure as written, e.g. `12 ms`. */
  figure: string;
  /** The comment's line the figure is on, trimmed. */
  comment: string;
}

/** Every line and block comment of a TypeScript text, in order (JSDoc included), found from the parsed tokens' trivia. */
function commentsOf(text: string, fileName = 'sample.ts'): Comment[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const starts = new Map<number, number>();
  const add = (ranges: ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) starts.set(range.pos, range.end);
  };
  const visit = (node: ts.Node): void => {
    // JSDoc nodes are a parse of a comment's inside; the comment itself is trivia before the next token.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length === 0 || node.kind === ts.SyntaxKind.EndOfFileToken) {
      // A token: the comments before it on its own lines, and those after the previous token on that token's line.
      add(ts.getLeadingCommentRanges(text, node.pos));
      add(ts.getTrailingCommentRanges(text, node.pos));
      add(ts.getTrailingCommentRanges(text, node.end));
    }
    for (const child of children) visit(child);
  };
  visit(source);
  return [...starts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([pos, end]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: text.slice(pos, end) }));
}

const NUMBER = String.raw`(?<![\w.,])\d+(?:[.,]\d+)*`;
const UNIT = String.raw`(?:ns|µs|us|ms|s|sec|secs|seconds?|milliseconds?|microseconds?|KB|kB|KiB|MB|MiB|GB|GiB|kilobytes?|megabytes?|gigabytes?)(?![\w%])`;
const FIGURE = new RegExp(
  String.raw`${NUMBER}(?:\s?${UNIT}|\s?%|\s?(?:x|×|times)\s+(?:faster|slower|more|less|fewer|larger|smaller|as (?:fast|slow|much|many)))`,
  'g',
);

/** The figures with a unit in one comment, by line (`line` is the comment's first line). Code spans are left out. */
function figuresIn(comment: Comment): Figure[] {
  const found: Figure[] = [];
  comment.text.split('\n').forEach((lineText, offset) => {
    const prose = lineText.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
    for (const match of prose.matchAll(FIGURE)) {
      found.push({ line: comment.line + offset, figure: match[0], comment: lineText.trim() });
    }
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(c|m)?tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const figuresOf = (text: string): string[] => commentsOf(text).flatMap(figuresIn).map((f) => `${f.line}: ${f.figure}`);

test('a figure with a unit in a line, block or JSDoc comment is found, with its line', () => {
  const sample = [
    'const a = 1; // the split takes 12 ms on a 5 MB file',
    '/**',
    ' * Copies the text.',
    ' * Was 3x faster than the old parser, 40% less garbage.',
    ' */',
    'function f(): void {',
    '  /* 0.6 s cold */ return;',
    '}',
    '// 1,200 µs per event and 1.5 GB at the peak',
  ].join('\n');
  assert.deepEqual(figuresOf(sample), ['1: 12 ms', '1: 5 MB', '4: 3x faster', '4: 40%', '7: 0.6 s', '9: 1,200 µs', '9: 1.5 GB']);
  const [figure] = commentsOf(sample).flatMap(figuresIn);
  assert.equal(figure?.comment, '// the split takes 12 ms on a 5 MB file');
});

test('strings, templates, regular expressions and URLs are not comments', () => {
  const sample = [
    "const url = 'https://example.com/a//b 12 ms';",
    'const msg = `file larger than ${limit} MB (// 50 MB)`;',
    "const max = 'files over 50 MB are not analysed';",
    'const re = /\\/\\/ 5 ms/g;',
    'const ratio = a / b / 2; const s = "/* 3 MB */";',
    'const size = 3 * MB; // the limit the editor shows a few at a time',
  ].join('\n');
  assert.deepEqual(figuresOf(sample), []);
  assert.deepEqual(commentsOf(sample).map((c) => c.line), [6]);
});

test('version numbers, rule numbers, field names, code spans and words are not figures', () => {
  const sample = [
    '// Common Event Field Schema 1.11.0-7, rule 3.2.1, section 4.10; see RFC 3339 and ISO 8601.',
    '// event.duration and process.pid are ECS fields; utf-16 code units; base64 and sha256 hashes.',
    '// A duration such as `30s` or `100ms` is the processor\'s own syntax; `maxFileSize` is in megabytes.',
    '// 2 items, 4 events per batch, 16 slots, 0x1F, 3 sessions of 2 editors.',
  ].join('\n');
  assert.deepEqual(figuresOf(sample), []);
});

test('no code comment under server/src, client/src or conversion/ carries a figure with a unit', () => {
  const failures: string[] = [];
  for (const root of SCANNED) {
    for (const path of sourceFiles(join(REPO, root))) {
      const file = relative(REPO, path).split(sep).join('/');
      for (const figure of commentsOf(readFileSync(path, 'utf8'), path).flatMap(figuresIn)) {
        failures.push(`${file}:${figure.line}: '${figure.figure}' in ${figure.comment}`);
      }
    }
  }
  assert.deepEqual(failures, [], `performance figures belong in docs/performance.md, not in code comments:\n${failures.join('\n')}`);
});

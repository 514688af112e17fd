// Annotated fixtures: a real file of its kind with the diagnostics the server must report written under the text they
// mark, checked the way `fieldwise check` checks a file. The format is documented in docs/testing.md; in short:
//
//   in a syntax with line comments (YAML, console text, ...), a mark is a comment line under the line it marks:
//       source:
//         ipp: 10.0.0.1
//       # ^^^ error unknown-field: Unknown field 'source.ipp'…
//   in JSON and NDJSON, the marks follow a `//- expected` line at the end, each under a copy of its numbered line:
//       //- expected
//       3 |   "source": { "ipp": "10.0.0.1" }
//         |                ^^^ error unknown-field: Unknown field 'source.ipp'…
//
// A range the carets cannot draw (empty, over several lines, starting under the comment sign, or on a line with tabs
// or characters wider than one column) is written in columns: `[4..9]`, `[0]` (empty), `[4..+2:1]` (to column 1 of
// the line two below). A message is the server's whole message, or parts of it with `…` for what is left out.
// Marks are stripped before the check: offsets are those of the text without them.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { formatFromName, formatOf } from '../../server/src/document/syntaxes/registry';
import { matchesAny } from '../../server/src/features/fileSettings';
import type { FwDiagnostic, Severity } from '../../server/src/features/types';
import { isBlank, LanguageService } from '../../server/src/service/languageService';
import { positionIndex, Position, Range } from '../../server/src/service/positions';
import { defaultSettings } from '../../server/src/service/settings';
import { testCatalog } from './featureFixture';

/** The folder of annotated fixtures: `<kind>/<path>`, where `<kind>` is a kind's registry name, `console` or `unrecognised`. */
export const ANNOTATED_ROOT = resolve(__dirname, '../fixtures/annotated');

/** The environment variable that makes the fixture tests rewrite the marks from the server's answers. */
export const UPDATE_VARIABLE = 'FIELDWISE_UPDATE_FIXTURES';

/** The line that starts the mark block of a file whose syntax has no comments. */
export const BLOCK_SEPARATOR = '//- expected';

/** The first folder of a fixture read as no kind (the command line reports it, or says it is empty). */
export const UNRECOGNISED = 'unrecognised';

/** The first folder of a fixture read as console text. */
export const CONSOLE = 'console';

/** Comment signs of the files that no format of the syntax registry names (its syntaxes bring their own, `Syntax.lineComment`). */
const CONTAINER_COMMENTS: ReadonlyArray<{ globs: readonly string[]; comment: string }> = [
  { globs: defaultSettings.files.console ?? [], comment: '#' },
];

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];

/** Messages longer than this are written as their start and end with `…` between; shorter ones whole. */
const WHOLE_MESSAGE = 100;
const KEPT_START = 60;
const KEPT_END = 30;

/** What a fixture expects, or what the server reported: a range of the text without marks, 0-based, UTF-16 columns. */
export interface Finding {
  range: Range;
  severity: Severity;
  code: string;
  message: string;
}

/** What a fixture expects; its message is the server's whole message, or parts of it in order with `…` where text is left out. */
export interface Mark extends Finding {
  /** The 1-based line of the fixture file the mark is written on, for messages. */
  fileLine: number;
}

/** How the marks are written: comment lines with this comment sign, or a block after BLOCK_SEPARATOR. */
export type MarkForm = { comment: string } | 'block';

export interface AnnotatedFixture {
  /** The path the server sees: relative to ANNOTATED_ROOT, with `/`. */
  path: string;
  /** The file as it is on disk, marks included. */
  source: string;
  /** The text without marks: what the server checks. */
  text: string;
  marks: Mark[];
  form: MarkForm;
  /** Lines of the mark block that quote a line other than the text has there (the text changed since the marks were written). */
  staleQuotes: string[];
  /** The 1-based line of the fixture file where each line of the text is written. */
  fileLines: number[];
}

/** The comment form of a fixture's path: the comment sign its syntax has, or the block for syntaxes without comments. */
export function markFormOf(path: string): MarkForm {
  const format = formatFromName(path);
  if (format) {
    const comment = formatOf(format).syntax.lineComment;
    return comment === undefined ? 'block' : { comment };
  }
  const container = CONTAINER_COMMENTS.find((c) => matchesAny(c.globs, path));
  if (container) return { comment: container.comment };
  throw new Error(
    `${path}: no format of document/syntaxes/registry.ts names this file, so its marks have no form; ` +
      'register its format (with the syntax\'s lineComment), or name its container in CONTAINER_COMMENTS of test/helpers/annotated.ts',
  );
}

/** Lines with their terminators, so that joining them gives the text back. */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function withoutTerminator(line: string): string {
  return line.replace(/\r?\n$/, '');
}

// ---------------------------------------------------------------- reading

/** A fixture file read: its text without marks and the marks, positions in that text. */
export function readAnnotated(path: string, source: string): AnnotatedFixture {
  const form = markFormOf(path);
  return form === 'block' ? readBlock(path, source) : readComments(path, source, form.comment);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function readComments(path: string, source: string, comment: string): AnnotatedFixture {
  const markLine = new RegExp(`^[ \\t]*${escapeRegExp(comment)}[ \\t]*(?:\\^|\\[[\\d+])`);
  const textLines: string[] = [];
  const fileLines: number[] = [];
  const marks: Mark[] = [];
  splitLines(source).forEach((line, index) => {
    const bare = withoutTerminator(line);
    if (!markLine.test(bare)) {
      textLines.push(line);
      fileLines.push(index + 1);
      return;
    }
    if (textLines.length === 0) throw new Error(`${path}:${index + 1}: a mark before any line of text (a mark marks the line above it)`);
    const above = textLines.length - 1;
    const body = bare.indexOf(comment) + comment.length;
    marks.push(parseMark(bare, body, 0, above, `${path}:${index + 1}`, index + 1));
  });
  // The line after a final newline, where a finding may start too.
  fileLines.push(splitLines(source).length + 1);
  return { path, source, text: textLines.join(''), marks, form: { comment }, staleQuotes: [], fileLines };
}

const QUOTE = /^[ \t]*(\d+) \|(?: (.*))?$/;
const BLOCK_MARK = /^[ \t]*\| /;

function readBlock(path: string, source: string): AnnotatedFixture {
  const lines = splitLines(source);
  const separator = lines.findIndex((l) => withoutTerminator(l).trimEnd() === BLOCK_SEPARATOR);
  const count = separator < 0 ? lines.length : separator;
  const fileLines = Array.from({ length: count + 1 }, (_, i) => i + 1);
  if (separator < 0) return { path, source, text: source, marks: [], form: 'block', staleQuotes: [], fileLines };
  const text = lines.slice(0, separator).join('');
  const textLines = splitLines(text).map(withoutTerminator);
  const marks: Mark[] = [];
  const staleQuotes: string[] = [];
  let quoted: number | undefined;
  for (let i = separator + 1; i < lines.length; i++) {
    const line = withoutTerminator(lines[i]);
    const where = `${path}:${i + 1}`;
    if (line.trim() === '') continue;
    const quote = QUOTE.exec(line);
    if (quote) {
      quoted = Number(quote[1]) - 1;
      const written = quote[2] ?? '';
      const actual = lineText(textLines, text, quoted);
      if (actual === undefined) throw new Error(`${where}: the block quotes line ${quoted + 1}, and the text has ${lineCount(text)} lines`);
      if (written !== actual) staleQuotes.push(`${where}: line ${quoted + 1} is quoted as ${JSON.stringify(written)}, and the text has ${JSON.stringify(actual)} there`);
      continue;
    }
    const mark = BLOCK_MARK.exec(line);
    if (!mark) throw new Error(`${where}: in the mark block, expected '<line> | <text of the line>' or '| <mark>', not ${JSON.stringify(line)}`);
    if (quoted === undefined) throw new Error(`${where}: a mark before any quoted line (write '<line> | <text of the line>' above it)`);
    marks.push(parseMark(line, mark[0].length, mark[0].length, quoted, where, i + 1));
  }
  return { path, source, text, marks, form: 'block', staleQuotes, fileLines };
}

/** The text of a 0-based line (the line after a final newline is an empty line), undefined past the end. */
function lineText(textLines: readonly string[], text: string, line: number): string | undefined {
  if (line < textLines.length) return textLines[line];
  return line === textLines.length && (text === '' || text.endsWith('\n')) ? '' : undefined;
}

function lineCount(text: string): number {
  return splitLines(text).length + (text === '' || text.endsWith('\n') ? 1 : 0);
}

const MARK_REST = /^ (\S+) ([a-z0-9]+(?:-[a-z0-9]+)*): (.+)$/;

/**
 * One mark: carets or a column range from `from` on, then `severity code: message`. Caret columns count from
 * `origin` (0 for a comment line, the block's gutter otherwise); the range is on line `above` of the text.
 */
function parseMark(line: string, from: number, origin: number, above: number, where: string, fileLine: number): Mark {
  let at = from;
  while (line[at] === ' ' || line[at] === '\t') at++;
  let range: Range;
  if (line[at] === '^') {
    const start = at;
    while (line[at] === '^') at++;
    range = { start: { line: above, character: start - origin }, end: { line: above, character: at - origin } };
  } else {
    const columns = /^\[((?:\+\d+:)?\d+)(?:\.\.((?:\+\d+:)?\d+))?\]/.exec(line.slice(at));
    if (!columns) throw new Error(`${where}: a mark starts with carets (^^^) or columns ([4..9], [0], [4..+2:1]), not ${JSON.stringify(line.slice(at))}`);
    at += columns[0].length;
    const start = position(columns[1], above);
    range = { start, end: columns[2] === undefined ? start : position(columns[2], above) };
    const { end } = range;
    if (end.line < start.line || (end.line === start.line && end.character < start.character)) throw new Error(`${where}: the range ${columns[0]} ends before it starts`);
  }
  const rest = MARK_REST.exec(line.slice(at));
  if (!rest) throw new Error(`${where}: after the range, expected ' <severity> <code>: <message>', not ${JSON.stringify(line.slice(at))}`);
  const severity = rest[1] as Severity;
  if (!SEVERITIES.includes(severity)) throw new Error(`${where}: '${rest[1]}' is no severity (${SEVERITIES.join(', ')})`);
  return { range, severity, code: rest[2], message: unescapeMessage(rest[3]), fileLine };
}

/** A column of the marked line (`4`), or of a line below it (`+2:1`: column 1 two lines below). */
function position(written: string, marked: number): Position {
  const below = /^\+(\d+):(\d+)$/.exec(written);
  return below ? { line: marked + Number(below[1]), character: Number(below[2]) } : { line: marked, character: Number(written) };
}

/**
 * Messages stay on one line: a line break is written `\n`, and a backslash that would read as part of such an escape
 * (before `n`, a backslash or a line break) is doubled; every other backslash (`CORP\alice`) is written as it is.
 */
function escapeMessage(message: string): string {
  return message.replace(/\\(?=[\\n\r\n])/g, '\\\\').replace(/\r?\n/g, '\\n');
}

function unescapeMessage(written: string): string {
  return written.replace(/\\([\\n])/g, (_, c: string) => (c === 'n' ? '\n' : '\\'));
}

// ---------------------------------------------------------------- checking

export interface Checked {
  /** What the file was read as: a kind's registry name, `console`, or `unrecognised`. */
  readAs: string;
  findings: Finding[];
}

/**
 * The diagnostics of a text at `path` as `fieldwise check` reports them (cli/commands/check.ts): the kind its path or
 * content says, parsed and checked through the language service; a file no kind recognises gets the command line's
 * one finding (empty, or not recognised).
 */
export function checkAnnotated(path: string, text: string): Checked {
  const service = new LanguageService(testCatalog(), defaultSettings);
  const type = service.fileTypeOf(path, text, defaultSettings);
  let readAs: string;
  let diagnostics: FwDiagnostic[];
  if (!type) {
    readAs = UNRECOGNISED;
    diagnostics = [isBlank(text) ? service.emptyFinding(text) : service.notRecognisedFinding()];
  } else {
    readAs = type.console ? CONSOLE : type.kind;
    diagnostics = service.diagnostics(service.parse(text, type), path);
  }
  const index = positionIndex(text);
  return { readAs, findings: diagnostics.map((d) => ({ range: index.range(d), severity: d.severity, code: d.code, message: d.message })) };
}

function samePosition(a: Position, b: Position): boolean {
  return a.line === b.line && a.character === b.character;
}

function sameRange(a: Range, b: Range): boolean {
  return samePosition(a.start, b.start) && samePosition(a.end, b.end);
}

/** Whether a mark's message says the server's: equal, or with `…` standing for text left out (the parts in order). */
export function messageMatches(written: string, message: string): boolean {
  const parts = written.split('…');
  if (parts.length === 1) return written === message;
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (!message.startsWith(first) || !message.endsWith(last) || first.length + last.length > message.length) return false;
  let at = first.length;
  for (const part of parts.slice(1, -1)) {
    const found = message.indexOf(part, at);
    if (found < 0 || found + part.length > message.length - last.length) return false;
    at = found + part.length;
  }
  return true;
}

/** Whether a mark says what the server reported. */
export function matches(mark: Mark, found: Finding): boolean {
  return sameRange(mark.range, found.range) && mark.severity === found.severity && mark.code === found.code && messageMatches(mark.message, found.message);
}

export interface Comparison {
  /** Marks the server reported nothing for. */
  missing: Mark[];
  /** Diagnostics no mark expects. */
  unexpected: Finding[];
  /** Each found diagnostic's matching mark, where one matched. */
  matched: Map<Finding, Mark>;
}

export function compare(marks: readonly Mark[], findings: readonly Finding[]): Comparison {
  const left = new Set(marks);
  const matched = new Map<Finding, Mark>();
  const unexpected: Finding[] = [];
  for (const found of findings) {
    const mark = [...left].find((m) => matches(m, found));
    if (mark) {
      left.delete(mark);
      matched.set(found, mark);
    } else unexpected.push(found);
  }
  return { missing: [...left], unexpected, matched };
}

// ---------------------------------------------------------------- writing

function byPosition(a: Finding, b: Finding): number {
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character ||
    a.range.end.line - b.range.end.line || a.range.end.character - b.range.end.character ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
}

/**
 * The message as a mark writes it: the mark's own words when it matched (so a hand-made cut stays), else whole when
 * short, else its start and its end (where a message names the field, the value and the suggestion) around `…`.
 */
function writtenMessage(found: Finding, mark: Mark | undefined): string {
  if (mark) return escapeMessage(mark.message);
  const message = found.message;
  if (escapeMessage(message).length <= WHOLE_MESSAGE) return escapeMessage(message);
  const head = message.slice(0, KEPT_START);
  const tail = message.slice(-KEPT_END);
  // Cut at word boundaries, so that no word is split by the `…`.
  const headCut = head.lastIndexOf(' ');
  const tailCut = tail.indexOf(' ');
  const start = headCut > KEPT_START / 2 ? head.slice(0, headCut) : head;
  const end = tailCut >= 0 && tailCut < KEPT_END / 2 ? tail.slice(tailCut + 1) : tail;
  return `${escapeMessage(start)}…${escapeMessage(end)}`;
}

/** Carets draw a range only on one line, not empty, after `minimum` columns, under characters one column wide each. */
function drawable(range: Range, lineText: string, minimum: number): boolean {
  return range.start.line === range.end.line && range.end.character > range.start.character && range.start.character >= minimum &&
    range.end.character <= lineText.length && /^[\x20-\x7e]*$/.test(lineText.slice(0, range.end.character));
}

/** A range in columns, positions relative to the marked line `marked` (its start line unless that is past the text). */
function columns(range: Range, marked = range.start.line): string {
  const at = (p: Position): string => (p.line === marked ? String(p.character) : `+${p.line - marked}:${p.character}`);
  return samePosition(range.start, range.end) ? `[${at(range.start)}]` : `[${at(range.start)}..${at(range.end)}]`;
}

/** One mark line's body after its lead (`#` or the block's gutter), `lead` columns wide. */
function markBody(found: Finding, mark: Mark | undefined, lineText: string, lead: number, marked: number): string {
  const tail = ` ${found.severity} ${found.code}: ${writtenMessage(found, mark)}`;
  const { start, end } = found.range;
  if (start.line === marked && drawable(found.range, lineText, lead)) return ' '.repeat(start.character - lead) + '^'.repeat(end.character - start.character) + tail;
  return ` ${columns(found.range, marked)}${tail}`.slice(lead === 0 ? 1 : 0);
}

/**
 * The fixture file with marks for `findings` in place of the ones it has: what the update mode writes. A finding
 * that a mark matched keeps that mark's message as written.
 */
export function annotate(fixture: AnnotatedFixture, findings: readonly Finding[], matched: ReadonlyMap<Finding, Mark> = new Map()): string {
  const sorted = [...findings].sort(byPosition);
  const textLines = splitLines(fixture.text);
  const byLine = new Map<number, Finding[]>();
  for (const f of sorted) {
    const list = byLine.get(f.range.start.line) ?? [];
    list.push(f);
    byLine.set(f.range.start.line, list);
  }
  if (fixture.form === 'block') {
    if (sorted.length === 0) return fixture.text;
    const width = String(Math.max(...byLine.keys()) + 1).length;
    const gutter = `${' '.repeat(width)} | `;
    const out = [fixture.text, fixture.text === '' || fixture.text.endsWith('\n') ? '' : '\n', `${BLOCK_SEPARATOR}\n`];
    for (const [line, list] of byLine) {
      const quoted = withoutTerminator(textLines[line] ?? '');
      out.push(`${String(line + 1).padStart(width)} |${quoted === '' ? '' : ` ${quoted}`}\n`);
      for (const f of list) out.push(`${gutter}${markBody(f, matched.get(f), quoted, 0, line)}\n`);
    }
    return out.join('');
  }
  const { comment } = fixture.form;
  const out: string[] = [];
  const lines = textLines.length === 0 ? [''] : textLines;
  const last = lines.length - 1;
  lines.forEach((line, index) => {
    // A finding past the last line (after a final newline) is marked under the last line, its start `+1:0`.
    const list = index < last ? byLine.get(index) ?? [] : [...byLine].filter(([l]) => l >= last).flatMap(([, l]) => l);
    out.push(list.length > 0 && !line.endsWith('\n') ? `${line}\n` : line);
    const bare = withoutTerminator(line);
    for (const f of list) out.push(`${comment}${markBody(f, matched.get(f), bare, comment.length, index)}\n`);
  });
  return out.join('');
}

// ---------------------------------------------------------------- the test

/** A finding as a mark would say it, at the line of the fixture file where its range starts. */
function describeAt(f: Finding, fixture: AnnotatedFixture): string {
  const line = fixture.fileLines[f.range.start.line] ?? f.range.start.line + 1;
  return `line ${line} ${columns(f.range)} ${f.severity} ${f.code}: ${f.message}`;
}

/** What is wrong, one line each: marks of the same code on the same line paired as one difference. */
function differences(comparison: Comparison, fixture: AnnotatedFixture): string[] {
  const describe = (f: Finding): string => describeAt(f, fixture);
  const unexpected = [...comparison.unexpected];
  const out: string[] = [];
  for (const mark of comparison.missing) {
    const sameCode = unexpected.findIndex((f) => f.code === mark.code && f.range.start.line === mark.range.start.line);
    const twin = sameCode >= 0 ? sameCode : unexpected.findIndex((f) => sameRange(f.range, mark.range));
    if (twin >= 0) {
      const [found] = unexpected.splice(twin, 1);
      const what = [
        mark.code !== found.code && 'code',
        !sameRange(mark.range, found.range) && 'range',
        mark.severity !== found.severity && 'severity',
        !messageMatches(mark.message, found.message) && 'message',
      ].filter(Boolean).join(', ');
      out.push(`wrong ${what}:\n      marked   ${describe(mark)}\n      reported ${describe(found)}`);
    } else out.push(`marked, not reported: ${describe(mark)} (the mark is on line ${mark.fileLine})`);
  }
  for (const found of unexpected) out.push(`reported, not marked: ${describe(found)}`);
  return out;
}

/** A line diff of two texts (`-` the fixture, `+` what the server's answers make of it), with two lines of context. */
export function lineDiff(before: string, after: string): string {
  const a = before.replace(/\n$/, '').split('\n');
  const b = after.replace(/\n$/, '').split('\n');
  if (a.length * b.length > 4_000_000) return `(too long to diff: ${a.length} and ${b.length} lines)`;
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const rows: Array<{ sign: ' ' | '-' | '+'; line: string }> = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) { rows.push({ sign: ' ', line: a[i++] }); j++; }
    else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) rows.push({ sign: '-', line: a[i++] });
    else rows.push({ sign: '+', line: b[j++] });
  }
  const near = rows.map((_, k) => rows.slice(Math.max(0, k - 2), k + 3).some((r) => r.sign !== ' '));
  const out: string[] = [];
  rows.forEach((r, k) => {
    if (near[k]) out.push(`${r.sign} ${r.line}`);
    else if (near[k - 1]) out.push('  ...');
  });
  return out.join('\n');
}

/** Whether the fixture tests rewrite the marks (FIELDWISE_UPDATE_FIXTURES=1); never under CI. */
export function updating(): boolean {
  const value = process.env[UPDATE_VARIABLE];
  if (value === undefined || value === '' || value === '0') return false;
  if (process.env.CI) throw new Error(`${UPDATE_VARIABLE} is set in CI (CI=${process.env.CI}): fixtures are rewritten only by hand, for review`);
  return true;
}

export interface Verdict {
  fixture: AnnotatedFixture;
  checked: Checked;
  /** Why the file is not read as the kind its first folder names; undefined when it is. */
  misplaced?: string;
  /** What is wrong, one line each; empty when the server reports exactly what the marks say. */
  problems: string[];
  /** The file as the update mode writes it: the same text, marks from the server's answers. */
  written: string;
}

/** A fixture's text checked against its marks (`path` relative to ANNOTATED_ROOT, as the server sees it). */
export function verifyAnnotated(path: string, source: string): Verdict {
  const fixture = readAnnotated(path, source);
  const checked = checkAnnotated(path, fixture.text);
  const comparison = compare(fixture.marks, checked.findings);
  const written = annotate(fixture, checked.findings, comparison.matched);
  const folder = path.split('/')[0];
  const misplaced = checked.readAs === folder ? undefined :
    `${path} is read as ${checked.readAs}, and its folder says ${folder}: move it, or change what makes it that kind`;
  return { fixture, checked, misplaced, problems: [...differences(comparison, fixture), ...fixture.staleQuotes], written };
}

/**
 * The test of one fixture file (`path` relative to ANNOTATED_ROOT): it is read as the kind its first folder names, and
 * the server reports exactly what its marks say. With FIELDWISE_UPDATE_FIXTURES=1 the file is rewritten with the
 * server's answers instead (the kind is still asserted).
 */
export function assertAnnotated(path: string): void {
  const file = join(ANNOTATED_ROOT, path);
  const verdict = verifyAnnotated(path, readFileSync(file, 'utf8'));
  if (verdict.misplaced) assert.fail(verdict.misplaced);
  if (updating()) {
    if (verdict.written !== verdict.fixture.source) writeFileSync(file, verdict.written);
    return;
  }
  if (verdict.problems.length === 0) return;
  assert.fail(
    `${relative(process.cwd(), file)}: the server's diagnostics differ from the marks\n${verdict.problems.map((p) => `  ${p}`).join('\n')}\n\n` +
      `the file as the server's answers would write it (- fixture, + server):\n${lineDiff(verdict.fixture.source, verdict.written) || '  (the same text)'}\n\n` +
      `${UPDATE_VARIABLE}=1 rewrites the marks from the server's answers; review the change before committing it.`,
  );
}

/** Every fixture file under ANNOTATED_ROOT, relative to it with `/`, sorted. */
export function annotatedFixtures(): string[] {
  return readdirSync(ANNOTATED_ROOT, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ANNOTATED_ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

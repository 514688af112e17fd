// Formatting a Logstash config: only the whitespace between tokens changes, so the inside of a string (`%{…}`
// included), a comment or a regexp is never touched and the parse stays the same. Lines are kept as the user broke
// them; each line is indented one unit per open block, a line continuing a setting or a condition one unit more;
// `=>` and the operators of conditions get one space on each side; runs of blank lines become one blank line;
// trailing blanks go; the file ends with one line break.
//
// A file with syntax problems: each top-level section holding a problem (and junk between sections) is left exactly
// as it is, since where its blocks end is a guess there; the rest of the file is formatted.
import type { Span, TextEdit } from '../../model';
import type { LogstashParse } from './ast';
import { eolOf, indentUnitOf } from './indentation';
import { Tok as TokenKinds, TokenFlag, type TokenKind } from './lexer';
import { LineIndex } from './lineIndex';
import { parseLogstash } from './parse';

/** A module-local copy: an imported binding is an accessor in CommonJS output, and the formatter reads kinds per token. */
const Tok = { ...TokenKinds };
const HEAD = TokenFlag.Head;

export interface FormatOptions {
  /** Spaces per indentation level when `insertSpaces`; the file's own step when neither is given. */
  tabSize?: number;
  /** False indents with tabs. */
  insertSpaces?: boolean;
}

/** An open bracket and the indentation level of the line its block belongs to. */
interface Open {
  kind: TokenKind;
  level: number;
}

function isOpener(kind: number): boolean {
  return kind === Tok.LBrace || kind === Tok.LBracket || kind === Tok.LParen;
}

function isCloser(kind: number): boolean {
  return kind === Tok.RBrace || kind === Tok.RBracket || kind === Tok.RParen;
}

/** The whitespace between two tokens on one line: '' or ' ' (`spaced`: whether the user left any). */
function spaceBetween(a: number, b: number, spaced: boolean): string {
  const keep = spaced ? ' ' : '';
  if (b === Tok.Comment) return ' ';
  if (a === Tok.Arrow || b === Tok.Arrow || a === Tok.Operator || b === Tok.Operator) return ' ';
  if (b === Tok.Comma) return '';
  if (a === Tok.Comma) return ' ';
  if (a === Tok.LBrace) return b === Tok.RBrace ? keep : ' ';
  if (b === Tok.RBrace) return ' ';
  if (b === Tok.LBrace) return a === Tok.LBracket || a === Tok.LParen ? keep : ' ';
  if (a === Tok.RBrace && b === Tok.Word) return ' ';
  // A word beside an operand (`and[b]`, `"x"in`): the words of conditions stand apart from what they join.
  if (a === Tok.Word && (b === Tok.Selector || b === Tok.String || b === Tok.Regexp || b === Tok.LBracket || b === Tok.Bang)) return ' ';
  if (b === Tok.Word && (a === Tok.Selector || a === Tok.String || a === Tok.Regexp || a === Tok.RBracket || a === Tok.RParen)) return ' ';
  return keep;
}

/** Line ranges [first, last] left as they are: the sections (or junk) holding a syntax problem. */
function frozenLines(parse: LogstashParse, lines: LineIndex): Array<[number, number]> {
  const frozen: Array<[number, number]> = [];
  const sections = parse.config.sections;
  let s = 0;
  for (const problem of parse.problems) {
    while (s < sections.length && sections[s].end <= problem.start) s++;
    const section = sections[s];
    const span: Span = section && section.start <= problem.start ? section : problem;
    const range: [number, number] = [lines.lineOf(span.start), lines.lineOf(Math.max(span.start, span.end - 1))];
    const previous = frozen[frozen.length - 1];
    if (previous && range[0] <= previous[1] + 1) previous[1] = Math.max(previous[1], range[1]);
    else frozen.push(range);
  }
  return frozen;
}

/**
 * Edits that format `text` (all of it, or the lines `range` touches). Pass the text's parse when there is one.
 * Edits are in file order and do not overlap.
 */
export function formatLogstash(text: string, options: FormatOptions = {}, range?: Span, parse: LogstashParse = parseLogstash(text)): TextEdit[] {
  const lines = new LineIndex(text);
  const unit = options.insertSpaces === false ? '\t'
    : options.tabSize !== undefined ? ' '.repeat(Math.max(1, Math.floor(options.tabSize)))
      : indentUnitOf(parse);
  const eol = eolOf(text);
  const frozen = frozenLines(parse, lines);
  let firstLine = 0;
  let lastLine = lines.lineCount - 1;
  if (range) {
    firstLine = lines.lineOf(range.start);
    lastLine = lines.lineOf(range.end);
    // A selection of whole lines ends at the start of the next line, which it does not touch.
    if (range.end > range.start && lastLine > firstLine && lines.starts[lastLine] === range.end) lastLine--;
  }
  let frozenIndex = 0;
  const wanted = (line: number): boolean => {
    if (line < firstLine || line > lastLine) return false;
    while (frozenIndex < frozen.length && frozen[frozenIndex][1] < line) frozenIndex++;
    // Owners come in file order except a gap's blank lines (before the next token's line): look back one range.
    for (let f = Math.max(0, frozenIndex - 1); f < frozen.length && frozen[f][0] <= line; f++) if (frozen[f][1] >= line) return false;
    return true;
  };

  const edits: TextEdit[] = [];
  const everything = range === undefined && frozen.length === 0;
  /** `owner`: the offset whose line the edit belongs to (range formatting and frozen sections go by lines). */
  const edit = (owner: number, start: number, end: number, newText: string): void => {
    if (end - start === newText.length && text.startsWith(newText, start)) return;
    if (!everything && !wanted(lines.lineOf(owner))) return;
    edits.push({ start, end, newText });
  };

  const { kinds, flags, starts, ends } = parse.tokens;
  const stack: Open[] = [];
  const indents: string[] = [];
  let lineLevel = 0;
  let lineBase = 0;
  /** A bracket opened on a line its block starts (the line's level) or continues (the statement's level). */
  const track = (kind: number, firstOnLine: boolean): void => {
    if (isOpener(kind)) stack.push({ kind: kind as TokenKind, level: firstOnLine ? lineLevel : lineBase });
    else if (isCloser(kind)) stack.pop();
  };
  for (let i = 0; i < parse.tokens.length; i++) {
    const kind = kinds[i];
    const start = starts[i];
    const previousEnd = i > 0 ? ends[i - 1] : 0;
    let newline = -1;
    let blank = true;
    for (let j = previousEnd; j < start; j++) {
      const c = text.charCodeAt(j);
      if (c === 10) {
        if (newline < 0) newline = j - previousEnd;
      } else if (c !== 32 && c !== 9 && c !== 13) blank = false;
    }
    const firstOnLine = i === 0 || newline >= 0;
    if (firstOnLine) {
      const top = stack[stack.length - 1];
      if (isCloser(kind)) {
        lineLevel = lineBase = top ? top.level : 0;
      } else {
        lineBase = top ? top.level + 1 : 0;
        const continues = top?.kind === Tok.LBrace && kind !== Tok.Comment && (flags[i] & HEAD) === 0;
        lineLevel = continues ? lineBase + 1 : lineBase;
      }
    }
    // Only whitespace lies between tokens; were anything else there, its gap would stay as it is.
    if (!blank) {
      track(kind, firstOnLine);
      continue;
    }
    if (firstOnLine) {
      const indent = indents[lineLevel] ??= unit.repeat(lineLevel);
      if (i === 0) edit(start, 0, start, indent);
      else {
        const gap = text.slice(previousEnd, start);
        const lastBreak = gap.lastIndexOf('\n');
        const trailingEnd = previousEnd + (newline > 0 && gap.charCodeAt(newline - 1) === 13 ? newline - 1 : newline);
        edit(previousEnd, previousEnd, trailingEnd, '');
        if (lastBreak > newline) {
          // Blank lines: keep one, with its own line break.
          const blankLines = gap.slice(newline + 1, lastBreak + 1);
          const firstBreak = blankLines.indexOf('\n');
          const keptBreak = firstBreak > 0 && blankLines.charCodeAt(firstBreak - 1) === 13 ? '\r\n' : '\n';
          edit(previousEnd + newline + 1, previousEnd + newline + 1, previousEnd + lastBreak + 1, keptBreak);
        }
        edit(start, previousEnd + lastBreak + 1, start, indent);
      }
    } else {
      edit(start, previousEnd, start, spaceBetween(kinds[i - 1], kind, start > previousEnd));
    }
    track(kind, firstOnLine);
  }

  // The end of the file: one line break after the last token, nothing in an empty file.
  const lastEnd = parse.tokens.length > 0 ? ends[parse.tokens.length - 1] : 0;
  edit(lastEnd, lastEnd, text.length, parse.tokens.length > 0 ? eol : '');
  return edits;
}

/** Applies edits in file order that do not overlap (what `formatLogstash` answers). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.start) + e.newText;
    at = e.end;
  }
  return out + text.slice(at);
}

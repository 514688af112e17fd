// Logstash's tokens, read on demand at an offset: the parser says what it expects (a value or a condition), since
// `[a][b]` is a field reference in a condition and the start of an array in a value, and `/…/` a regexp only in a
// condition. Every character of a text falls in whitespace, a comment or a token (junk included), so the formatter
// can rewrite the whitespace between tokens and nothing else.

/** Token kinds; numbers so the token table stays compact. */
export const Tok = {
  EOF: 0,
  /** A run of `[A-Za-z0-9_.-]`: a name, a bareword or a number, told apart by where it stands. */
  Word: 1,
  String: 2,
  /** `[a][b]`: only where a condition expects an operand. */
  Selector: 3,
  Regexp: 4,
  LBrace: 5,
  RBrace: 6,
  LBracket: 7,
  RBracket: 8,
  LParen: 9,
  RParen: 10,
  Comma: 11,
  Arrow: 12,
  /** `== != < > <= >= =~ !~` */
  Operator: 13,
  /** `!` alone (negation). */
  Bang: 14,
  Comment: 15,
  /** Characters that start no token (`;`, `%`, a lone `=`, a byte order mark). */
  Junk: 16,
} as const;
export type TokenKind = (typeof Tok)[keyof typeof Tok];

/** What the parser expects next, which decides how `[` and `/` read. */
export type LexMode = 'value' | 'condition';

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** Strings and regexps: whether the closing delimiter is there. */
  closed: boolean;
}

/** Token flags kept in the table. */
export const TokenFlag = {
  /** The token starts a statement, an attribute, a hash entry or an array item (the formatter indents it as such). */
  Head: 1,
} as const;

/** The tokens of a parse in file order, as parallel arrays (a large config holds hundreds of thousands). */
export class TokenTable {
  kinds = new Uint8Array(256);
  flags = new Uint8Array(256);
  starts = new Int32Array(256);
  ends = new Int32Array(256);
  length = 0;

  push(kind: TokenKind, start: number, end: number, flags: number): void {
    if (this.length === this.kinds.length) this.grow();
    const i = this.length++;
    this.kinds[i] = kind;
    this.flags[i] = flags;
    this.starts[i] = start;
    this.ends[i] = end;
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    const kinds = new Uint8Array(size);
    const flags = new Uint8Array(size);
    const starts = new Int32Array(size);
    const ends = new Int32Array(size);
    kinds.set(this.kinds);
    flags.set(this.flags);
    starts.set(this.starts);
    ends.set(this.ends);
    this.kinds = kinds;
    this.flags = flags;
    this.starts = starts;
    this.ends = ends;
  }
}

const NL = 10;
const CR = 13;

/** Logstash's whitespace: space, tab, CR, LF (nothing else, not even a form feed). */
export function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === NL || c === CR;
}

/** Characters of a word token: letters, digits, `_`, `-` and `.` (numbers like `1.5` and `-3` are words too). */
export function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46;
}

/** End of a comment starting at `pos` (`#`): its line's last non-blank character, so trailing blanks stay whitespace. */
export function commentEnd(text: string, pos: number): number {
  let nl = text.indexOf('\n', pos);
  if (nl < 0) nl = text.length;
  let end = nl;
  while (end > pos + 1) {
    const c = text.charCodeAt(end - 1);
    if (c !== 32 && c !== 9 && c !== CR) break;
    end--;
  }
  return end;
}

/** The offset after whitespace and comments from `pos`; each comment's span goes to `onComment`. */
export function skipTrivia(text: string, pos: number, onComment?: (start: number, end: number) => void): number {
  const n = text.length;
  while (pos < n) {
    const c = text.charCodeAt(pos);
    if (isSpace(c)) pos++;
    else if (c === 35 /* # */) {
      const end = commentEnd(text, pos);
      onComment?.(pos, end);
      pos = end;
    } else break;
  }
  return pos;
}

/** Whether a character may follow a quoted token's closing delimiter in a well-formed config. */
function mayFollowQuoted(c: number): boolean {
  // whitespace, end of text, } ] ) , # and the first characters of => == != =~ !~ < > <= >=, and { (a quoted plugin name)
  return Number.isNaN(c) || isSpace(c) || c === 125 || c === 93 || c === 41 || c === 44 || c === 35 || c === 61 || c === 33
    || c === 60 || c === 62 || c === 123;
}

/**
 * A quoted token from `pos` (its opening delimiter) as the grammar reads it: a backslash before the delimiter keeps
 * the token open (`'\"'` in `( '\"' / !'"' . )*`), any other backslash is an ordinary character. Tokens may span
 * lines, so a missing delimiter would swallow the rest of the file; two cases end it at its first line instead:
 * no closing delimiter before the end of the text, and a multi-line token whose closing delimiter is directly
 * followed by text (the quotes of the rest of the file then pair up the wrong way round).
 */
function scanQuoted(text: string, pos: number, delimiter: number): { end: number; closed: boolean } {
  const n = text.length;
  let firstBreak = -1;
  let i = pos + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */ && text.charCodeAt(i + 1) === delimiter) i += 2;
    else if (c === delimiter) {
      if (firstBreak < 0 || mayFollowQuoted(text.charCodeAt(i + 1))) return { end: i + 1, closed: true };
      break;
    } else {
      if (c === NL && firstBreak < 0) firstBreak = i;
      i++;
    }
  }
  if (firstBreak < 0) return { end: n, closed: false };
  return { end: firstBreak > pos + 1 && text.charCodeAt(firstBreak - 1) === CR ? firstBreak - 1 : firstBreak, closed: false };
}

/**
 * The end of a field reference `[a][b]…` at `pos`, or -1 when `[` does not open one: each `[…]` holds at least one
 * character other than `[`, `]` and `,` (the grammar's `"[" [^\]\[,]+ "]"`). A line break also ends the attempt,
 * so a half-typed `[field` cannot reach into the lines below.
 */
export function scanSelector(text: string, pos: number): number {
  const n = text.length;
  let end = -1;
  let i = pos;
  while (i < n && text.charCodeAt(i) === 91 /* [ */) {
    let j = i + 1;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === 93 || c === 91 || c === 44 || c === NL || c === CR) break;
      j++;
    }
    if (j === i + 1 || j >= n || text.charCodeAt(j) !== 93) break;
    end = j + 1;
    i = end;
  }
  return end;
}

/**
 * Where an unclosed string or regexp of a condition ends: before the `{` that ends its line, which opens the
 * clause's body (`if [a] =~ /abc {`), so the body still parses.
 */
function conditionTokenEnd(text: string, pos: number, q: { end: number; closed: boolean }): number {
  if (q.closed) return q.end;
  let end = q.end;
  while (end > pos + 1 && isSpace(text.charCodeAt(end - 1))) end--;
  if (end <= pos + 1 || text.charCodeAt(end - 1) !== 123) return q.end;
  end--;
  while (end > pos + 1 && isSpace(text.charCodeAt(end - 1))) end--;
  return end;
}

/** Whether a token starts at `i` (so a junk run stops there). */
function startsToken(text: string, i: number, mode: LexMode): boolean {
  const c = text.charCodeAt(i);
  if (isWordChar(c)) return true;
  switch (c) {
    case 34: case 39: case 123: case 125: case 91: case 93: case 40: case 41: case 44: case 35: case 33: case 60: case 62:
      return true;
    case 61: { // = starts only => == =~
      const d = text.charCodeAt(i + 1);
      return d === 62 || d === 61 || d === 126;
    }
    case 47:
      return mode === 'condition';
    default:
      return false;
  }
}

function token(kind: TokenKind, start: number, end: number, closed = true): Token {
  return { kind, start, end, closed };
}

/** The token starting exactly at `pos` (whitespace and comments already skipped). */
export function lexAt(text: string, pos: number, mode: LexMode): Token {
  const n = text.length;
  if (pos >= n) return token(Tok.EOF, n, n);
  const c = text.charCodeAt(pos);
  if (isWordChar(c)) {
    let i = pos + 1;
    while (i < n && isWordChar(text.charCodeAt(i))) i++;
    return token(Tok.Word, pos, i);
  }
  switch (c) {
    case 34: case 39: {
      const q = scanQuoted(text, pos, c);
      return token(Tok.String, pos, mode === 'condition' ? conditionTokenEnd(text, pos, q) : q.end, q.closed);
    }
    case 123: return token(Tok.LBrace, pos, pos + 1);
    case 125: return token(Tok.RBrace, pos, pos + 1);
    case 91: {
      if (mode === 'condition') {
        const end = scanSelector(text, pos);
        if (end > 0) return token(Tok.Selector, pos, end);
      }
      return token(Tok.LBracket, pos, pos + 1);
    }
    case 93: return token(Tok.RBracket, pos, pos + 1);
    case 40: return token(Tok.LParen, pos, pos + 1);
    case 41: return token(Tok.RParen, pos, pos + 1);
    case 44: return token(Tok.Comma, pos, pos + 1);
    case 61: {
      const d = text.charCodeAt(pos + 1);
      if (d === 62) return token(Tok.Arrow, pos, pos + 2);
      if (d === 61 || d === 126) return token(Tok.Operator, pos, pos + 2);
      break;
    }
    case 33: {
      const d = text.charCodeAt(pos + 1);
      if (d === 61 || d === 126) return token(Tok.Operator, pos, pos + 2);
      return token(Tok.Bang, pos, pos + 1);
    }
    case 60: case 62:
      return token(Tok.Operator, pos, text.charCodeAt(pos + 1) === 61 ? pos + 2 : pos + 1);
    case 35:
      return token(Tok.Comment, pos, commentEnd(text, pos));
    case 47:
      if (mode === 'condition') {
        const q = scanQuoted(text, pos, 47);
        return token(Tok.Regexp, pos, conditionTokenEnd(text, pos, q), q.closed);
      }
      break;
  }
  let i = pos + 1;
  while (i < n && !isSpace(text.charCodeAt(i)) && !startsToken(text, i, mode)) i++;
  return token(Tok.Junk, pos, i);
}

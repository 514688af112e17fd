// A tolerant recursive-descent parser of Logstash's config language, equal to its grammar (lscl_grammar.treetop) on
// well-formed text. It never fails: every problem becomes a positioned SyntaxProblem and the parse resumes at the
// next plugin, setting, entry or section, so the rest of the file keeps its tree. Nesting deeper than MAX_NESTING
// becomes one problem (the construct is skipped, never walked); every loop consumes a token, so time stays linear.
import { MAX_NESTING, type Span, type SyntaxProblem } from '../../model';
import type * as A from './ast';
import * as lexer from './lexer';
import { type LexMode, type Token, TokenTable } from './lexer';
import { LineIndex } from './lineIndex';

// Module-local copies: an imported binding is an accessor in CommonJS output, and the parser uses these per token.
const Tok = { ...lexer.Tok };
const HEAD = lexer.TokenFlag.Head;
const { isSpace, lexAt, skipTrivia } = lexer;

const SECTION_TYPES: ReadonlySet<string> = new Set(['input', 'filter', 'output']);
const BOOLEAN_OPERATORS: ReadonlySet<string> = new Set(['and', 'or', 'xor', 'nand']);
const NUMBER = /^-?[0-9]+(?:\.[0-9]*)?$/;
const BAREWORD = /^[A-Za-z_][A-Za-z0-9_]+$/;
const NAME = /^[A-Za-z0-9_-]+$/;

/** Parses a Logstash pipeline config. Never throws; the problems say what Logstash would reject. */
export function parseLogstash(text: string): A.LogstashParse {
  return new Parser(text).parse();
}

/** The value a quoted token holds by default (`config.support_escapes: false`): its characters between the quotes. */
function quotedContent(text: string, t: Token): string {
  return text.slice(t.start + 1, t.closed ? t.end - 1 : t.end);
}

class Parser {
  private pos = 0;
  private readonly problems: SyntaxProblem[] = [];
  private readonly comments: Span[] = [];
  private readonly tokens = new TokenTable();
  private lineIndex: LineIndex | undefined;
  private depth = 0;
  /** Start of the last problem that throws the structure after it off (an unterminated string, nesting too deep). */
  private lastSevere = -1;
  /** Where the innermost block that lost its closing bracket stopped: the blocks around it stop there too, unreported. */
  private abandonedAt = -1;
  /** Start of the condition being read: one problem per condition. */
  private conditionStart = -1;
  /** Indentation width of the current section's line; -1 outside sections. */
  private sectionIndent = -1;
  /** The last few tokens lexed, by position and mode: the parser looks at the same token from several places. */
  private readonly cachePos = [-1, -1, -1, -1];
  private readonly cacheMode: LexMode[] = ['value', 'value', 'value', 'value'];
  private readonly cacheToken: Token[] = [];
  private cacheNext = 0;

  constructor(private readonly text: string) {}

  /** Lines are asked about only to place sections and to recover: built on first use. */
  private get lines(): LineIndex {
    return (this.lineIndex ??= new LineIndex(this.text));
  }

  parse(): A.LogstashParse {
    const sections: A.SectionNode[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === Tok.EOF) break;
      if ((t.kind === Tok.Word || t.kind === Tok.String) && this.after(t).kind === Tok.LBrace) {
        sections.push(this.section(t));
        continue;
      }
      const message = t.start === 0 && this.text.charCodeAt(0) === 0xfeff
        ? 'The file starts with a byte order mark, which Logstash cannot read: save it without one.'
        : 'Expected a section: input, filter or output, followed by {.';
      this.junk(message, (u) => (u.kind === Tok.Word || u.kind === Tok.String) && this.after(u).kind === Tok.LBrace);
    }
    this.recordComments(this.text.length);
    this.problems.sort((a, b) => a.start - b.start || a.end - b.end);
    return {
      text: this.text,
      config: { kind: 'config', sections, start: 0, end: this.text.length },
      problems: this.problems,
      comments: this.comments,
      tokens: this.tokens,
    };
  }

  // ---- Tokens ----

  private peekAt(pos: number, mode: LexMode): Token {
    for (let i = 0; i < 4; i++) if (this.cachePos[i] === pos && this.cacheMode[i] === mode) return this.cacheToken[i];
    const token = lexAt(this.text, skipTrivia(this.text, pos), mode);
    const slot = this.cacheNext;
    this.cacheNext = (slot + 1) & 3;
    this.cachePos[slot] = pos;
    this.cacheMode[slot] = mode;
    this.cacheToken[slot] = token;
    return token;
  }

  private peek(mode: LexMode = 'value'): Token {
    return this.peekAt(this.pos, mode);
  }

  /** The token after `t` (not consumed). */
  private after(t: Token, mode: LexMode = 'value'): Token {
    return this.peekAt(t.end, mode);
  }

  private take(t: Token, flags = 0): Token {
    if (t.kind === Tok.EOF) return t;
    if (t.start > this.pos) this.recordComments(t.start);
    this.tokens.push(t.kind, t.start, t.end, flags);
    this.pos = t.end;
    return t;
  }

  /** Records the comments between the current position and `upTo` (only whitespace and comments lie there). */
  private recordComments(upTo: number): void {
    const text = this.text;
    let i = this.pos;
    while (i < upTo) {
      if (text.charCodeAt(i) === 35) {
        const start = i;
        while (i < upTo && text.charCodeAt(i) !== 10) i++;
        let end = i;
        while (end > start + 1 && isSpace(text.charCodeAt(end - 1))) end--;
        this.comments.push({ start, end });
        this.tokens.push(Tok.Comment, start, end, 0);
      } else i++;
    }
  }

  private word(t: Token): string {
    return this.text.slice(t.start, t.end);
  }

  private isWord(t: Token, w: string): boolean {
    return t.kind === Tok.Word && t.end - t.start === w.length && this.text.startsWith(w, t.start);
  }

  // ---- Problems ----

  private problem(start: number, end: number, message: string): void {
    this.problems.push({ start, end, message });
  }

  private severe(start: number, end: number, message: string): void {
    this.problem(start, end, message);
    this.lastSevere = Math.max(this.lastSevere, start);
  }

  /** A problem inside the current condition, unless it already has one. */
  private conditionProblem(span: Span, message: string): void {
    if (this.problems.length > 0 && this.problems[this.problems.length - 1].start >= this.conditionStart) return;
    if (this.lastSevere >= this.conditionStart) return;
    this.problem(span.start, span.end, message);
  }

  /** A block that ends without its closing bracket, reported unless the problem is already told (see `abandonedAt`). */
  private unclosed(blockStart: number, span: Span, message: string): void {
    const stop = this.peek().start;
    if (stop !== this.abandonedAt && this.lastSevere < blockStart) this.problem(span.start, span.end, message);
    this.abandonedAt = stop;
  }

  private checkString(t: Token): void {
    if (t.closed) return;
    const quote = this.text.charAt(t.start);
    const hint = this.text.slice(t.start + 1, t.end).includes(`\\${quote}`)
      ? ` A backslash before ${quote} does not end the string: Logstash reads \\${quote} as part of it.`
      : '';
    this.severe(t.start, t.end, `This string has no closing quote.${hint}`);
  }

  // ---- Recovery ----

  /** Whether `t` is a section keyword starting a line no deeper than the current section's: a new section begins. */
  private sectionRestart(t: Token): boolean {
    if (this.sectionIndent < 0 || t.kind !== Tok.Word) return false;
    const length = t.end - t.start;
    if (length !== 5 && length !== 6) return false;
    if (!this.isWord(t, 'input') && !this.isWord(t, 'filter') && !this.isWord(t, 'output')) return false;
    return this.lines.firstOnLine(t.start) && this.lines.indentWidth(t.start) <= this.sectionIndent && this.after(t).kind === Tok.LBrace;
  }

  /**
   * Whether `t` opens a block (`name {`) on a line of its own no deeper than the line of `blockStart`: where a block
   * that lost its `}` ends.
   */
  private blockLineAt(t: Token, blockStart: number): boolean {
    return (t.kind === Tok.Word || t.kind === Tok.String) && this.after(t).kind === Tok.LBrace && this.lines.firstOnLine(t.start)
      && this.lines.indentWidth(t.start) <= this.lines.indentWidth(blockStart);
  }

  /** Consumes `open` and everything up to its matching bracket (or a new section); returns the end reached. */
  private skipBalanced(open: Token): number {
    this.take(open);
    let depth = 1;
    let end = open.end;
    while (depth > 0) {
      const t = this.peek();
      if (t.kind === Tok.EOF || this.sectionRestart(t)) break;
      this.take(t);
      end = t.end;
      if (t.kind === Tok.LBrace || t.kind === Tok.LBracket || t.kind === Tok.LParen) depth++;
      else if (t.kind === Tok.RBrace || t.kind === Tok.RBracket || t.kind === Tok.RParen) depth--;
    }
    return end;
  }

  /** Skips tokens (brackets balanced) up to one `isSync` accepts, a new section or the end, as one problem. */
  private junk(message: string, isSync: (t: Token) => boolean, mode: LexMode = 'value'): void {
    const start = this.peek(mode).start;
    let end = start;
    for (;;) {
      const t = this.peek(mode);
      if (t.kind === Tok.EOF) break;
      if (end > start && (isSync(t) || this.sectionRestart(t))) break;
      if (t.kind === Tok.LBrace || t.kind === Tok.LBracket || t.kind === Tok.LParen) end = this.skipBalanced(t);
      else if (t.kind === Tok.Arrow) {
        // `name => value` where no setting belongs: the value goes with the junk, not into a second problem.
        this.take(t);
        if (this.canStartValue(this.peek())) this.value(t);
        end = this.pos;
      } else {
        this.take(t);
        end = t.end;
      }
    }
    if (end > start) this.problem(start, end, message);
  }

  /** Reports nesting past MAX_NESTING at `open` and skips the construct; returns its end. */
  private tooDeep(open: Token): number {
    const end = this.skipBalanced(open);
    this.severe(open.start, end, `Nested more than ${MAX_NESTING} levels deep: Fieldwise does not read deeper.`);
    return end;
  }

  // ---- Sections and statements ----

  private section(nameToken: Token): A.SectionNode {
    const name = this.nameOf(nameToken);
    this.take(nameToken, HEAD);
    const type = SECTION_TYPES.has(name) && nameToken.kind === Tok.Word ? (name as A.SectionType) : undefined;
    if (!type) this.problem(nameToken.start, nameToken.end, `Unknown section “${name}”: a pipeline has input, filter and output sections.`);
    const open = this.take(this.peek());
    const outerIndent = this.sectionIndent;
    this.sectionIndent = this.lines.indentWidth(nameToken.start);
    this.depth++;
    const body = this.statements();
    this.depth--;
    this.sectionIndent = outerIndent;
    const nameSpan = { start: nameToken.start, end: nameToken.end };
    const close = this.closeBrace(nameToken.start, { start: nameToken.start, end: open.end }, `The ${name} section has no closing }.`);
    return { kind: 'section', name, type, nameSpan, body, open: open.start, close, start: nameToken.start, end: close === undefined ? this.pos : close + 1 };
  }

  private closeBrace(blockStart: number, span: Span, message: string): number | undefined {
    const t = this.peek();
    if (t.kind === Tok.RBrace) return this.take(t).start;
    this.unclosed(blockStart, span, message);
    return undefined;
  }

  private statementStart(t: Token): boolean {
    if (t.kind === Tok.RBrace || t.kind === Tok.EOF) return true;
    if (this.isWord(t, 'if') || this.isWord(t, 'else') || this.isWord(t, 'elseif')) return true;
    return (t.kind === Tok.Word || t.kind === Tok.String) && this.after(t).kind === Tok.LBrace;
  }

  private statements(): A.StatementNode[] {
    const body: A.StatementNode[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === Tok.EOF || t.kind === Tok.RBrace || this.sectionRestart(t)) break;
      if (this.isWord(t, 'if')) {
        body.push(this.branch(t));
        continue;
      }
      if (this.isWord(t, 'else') || this.isWord(t, 'elseif')) {
        this.problem(t.start, t.end, '“else” without an “if” before it.');
        body.push(this.branch(t));
        continue;
      }
      if ((t.kind === Tok.Word || t.kind === Tok.String) && this.after(t).kind === Tok.LBrace) {
        body.push(this.plugin(t, HEAD));
        continue;
      }
      this.junk('Expected a plugin (a name followed by {), an “if”, or }.', (u) => this.statementStart(u));
    }
    return body;
  }

  private nameOf(t: Token): string {
    return t.kind === Tok.String ? quotedContent(this.text, t) : this.word(t);
  }

  private nameQuote(t: Token): A.Quote | undefined {
    return t.kind === Tok.String ? (this.text.charAt(t.start) as A.Quote) : undefined;
  }

  /** A name token's name (plugin or setting), checked: a word of letters, digits, `_` and `-`, or a string. */
  private checkedName(t: Token, what: string): string {
    const name = this.nameOf(t);
    if (t.kind === Tok.String) this.checkString(t);
    else if (!NAME.test(name)) this.problem(t.start, t.end, `“${name}” is not a ${what} name Logstash reads: use letters, digits, _ and -, or quote it.`);
    return name;
  }

  private plugin(nameToken: Token, flags: number): A.PluginNode {
    const name = this.checkedName(nameToken, 'plugin');
    this.take(nameToken, flags);
    const open = this.peek();
    const nameSpan = { start: nameToken.start, end: nameToken.end };
    const node: A.PluginNode = {
      kind: 'plugin', name, nameSpan, nameQuote: this.nameQuote(nameToken), attributes: [], open: open.start, close: undefined,
      start: nameToken.start, end: open.end,
    };
    if (this.depth >= MAX_NESTING) {
      node.end = this.tooDeep(open);
      return node;
    }
    this.take(open);
    this.depth++;
    let previousEnd = -1;
    for (;;) {
      const t = this.peek();
      if (t.kind === Tok.EOF || t.kind === Tok.RBrace || this.sectionRestart(t)) break;
      if (t.kind === Tok.Word || t.kind === Tok.String) {
        const next = this.after(t);
        const keyword = this.isWord(t, 'if') || this.isWord(t, 'else') || this.isWord(t, 'elseif');
        if ((keyword && next.kind !== Tok.Arrow) || (next.kind === Tok.LBrace && this.blockLineAt(t, nameToken.start))) break;
        const attribute = this.attribute(t, next, previousEnd);
        node.attributes.push(attribute);
        previousEnd = attribute.end;
        continue;
      }
      this.junk('Expected a setting (name => value) or }.', (u) => u.kind === Tok.Word || u.kind === Tok.String || u.kind === Tok.RBrace);
    }
    this.depth--;
    node.close = this.closeBrace(nameToken.start, { start: nameToken.start, end: open.end }, `“${name}” has no closing }.`);
    node.end = node.close === undefined ? Math.max(this.pos, open.end) : node.close + 1;
    return node;
  }

  private canStartValue(t: Token): boolean {
    return t.kind === Tok.Word || t.kind === Tok.String || t.kind === Tok.LBracket || t.kind === Tok.LBrace;
  }

  /** Whether a value may be read after a name that lacks its `=>`: on the same line, and not the next `name =>`. */
  private valueWithoutArrow(name: Token, next: Token): boolean {
    if (!this.canStartValue(next)) return false;
    if ((next.kind === Tok.Word || next.kind === Tok.String) && this.after(next).kind === Tok.Arrow) return false;
    return next.kind === Tok.LBrace || next.kind === Tok.LBracket || !this.lines.breakBetween(name.end, next.start);
  }

  private attribute(nameToken: Token, next: Token, previousEnd: number): A.AttributeNode {
    if (previousEnd >= 0 && !isSpace(this.text.charCodeAt(previousEnd))) {
      this.problem(nameToken.start, nameToken.end, 'Put a space or a line break between two settings.');
    }
    const name = this.checkedName(nameToken, 'setting');
    this.take(nameToken, HEAD);
    const node: A.AttributeNode = {
      kind: 'attribute', name, nameSpan: { start: nameToken.start, end: nameToken.end }, nameQuote: this.nameQuote(nameToken),
      arrow: undefined, value: undefined, start: nameToken.start, end: nameToken.end,
    };
    if (next.kind === Tok.Arrow) {
      this.take(next);
      node.arrow = next.start;
      node.end = next.end;
      node.value = this.value(next);
    } else {
      this.problem(nameToken.start, nameToken.end, `Expected => after “${name}”.`);
      if (this.valueWithoutArrow(nameToken, next)) node.value = this.value(nameToken);
    }
    if (node.value) node.end = node.value.end;
    return node;
  }

  // ---- Values ----

  /** A value after `after` (an `=>`, or a name missing its `=>`); undefined, reported, when none starts here. */
  private value(after: Token): A.ValueNode | undefined {
    const t = this.peek();
    switch (t.kind) {
      case Tok.String:
        if (this.after(t).kind === Tok.LBrace) return this.plugin(t, 0);
        return this.stringNode(this.take(t));
      case Tok.Word:
        if (this.after(t).kind === Tok.LBrace) return this.plugin(t, 0);
        return this.wordValue(this.take(t));
      case Tok.LBracket:
        return this.array(t);
      case Tok.LBrace:
        return this.hash(t);
      default:
        this.problem(after.start, after.end, after.kind === Tok.Arrow ? 'Expected a value after =>.' : 'Expected a value.');
        return undefined;
    }
  }

  private stringNode(t: Token): A.StringNode {
    this.checkString(t);
    return {
      kind: 'string', value: quotedContent(this.text, t), raw: this.text.slice(t.start, t.end), quote: this.text.charAt(t.start) as A.Quote,
      contentStart: t.start + 1, closed: t.closed, start: t.start, end: t.end,
    };
  }

  private numberNode(t: Token, raw: string): A.NumberNode {
    return { kind: 'number', raw, value: Number(raw), start: t.start, end: t.end };
  }

  /** A word where a value belongs: a number, a bareword, or text Logstash cannot read unquoted (reported). */
  private wordValue(t: Token): A.BarewordNode | A.NumberNode | A.InvalidNode {
    const raw = this.word(t);
    if (NUMBER.test(raw)) return this.numberNode(t, raw);
    if (BAREWORD.test(raw)) return { kind: 'bareword', text: raw, start: t.start, end: t.end };
    this.problem(t.start, t.end, this.unquotedMessage(raw, 'a value'));
    return { kind: 'invalid', raw, start: t.start, end: t.end };
  }

  private unquotedMessage(raw: string, what: string): string {
    if (raw.length === 1 && /[A-Za-z_]/.test(raw)) return `“${raw}” is too short for ${what} without quotes (a bareword has two characters or more): quote it.`;
    return `“${raw}” is not ${what} Logstash reads without quotes: quote it.`;
  }

  private array(open: Token): A.ArrayNode | A.InvalidNode {
    if (this.depth >= MAX_NESTING) {
      const end = this.tooDeep(open);
      return { kind: 'invalid', raw: this.text.slice(open.start, end), start: open.start, end };
    }
    this.take(open);
    this.depth++;
    const node: A.ArrayNode = { kind: 'array', items: [], close: undefined, start: open.start, end: open.end };
    let expectItem = true;
    let lastComma: Token | undefined;
    for (;;) {
      const t = this.peek();
      if (t.kind === Tok.RBracket) {
        if (expectItem && lastComma) this.problem(lastComma.start, lastComma.end, 'No item after this comma: remove it.');
        node.close = this.take(t).start;
        break;
      }
      if (t.kind === Tok.EOF || t.kind === Tok.RBrace || this.sectionRestart(t) || this.blockLineAt(t, open.start)) break;
      if (t.kind === Tok.Comma) {
        if (expectItem) this.problem(t.start, t.end, lastComma ? 'Two commas in a row: remove one.' : 'No item before this comma.');
        this.take(t);
        lastComma = t;
        expectItem = true;
        continue;
      }
      if (this.canStartValue(t)) {
        if (!expectItem) this.problem(t.start, t.end, 'Expected a comma between two array items.');
        const item = this.value(t);
        if (item) node.items.push(item);
        expectItem = false;
        continue;
      }
      this.junk('Expected an array item, a comma or ].', (u) => this.canStartValue(u) || u.kind === Tok.Comma || u.kind === Tok.RBracket || u.kind === Tok.RBrace);
    }
    this.depth--;
    if (node.close === undefined) this.unclosed(open.start, open, 'This [ has no closing ].');
    node.end = node.close === undefined ? this.pos : node.close + 1;
    return node;
  }

  private hash(open: Token): A.HashNode | A.InvalidNode {
    if (this.depth >= MAX_NESTING) {
      const end = this.tooDeep(open);
      return { kind: 'invalid', raw: this.text.slice(open.start, end), start: open.start, end };
    }
    this.take(open);
    this.depth++;
    const node: A.HashNode = { kind: 'hash', entries: [], close: undefined, start: open.start, end: open.end };
    let previousEnd = -1;
    for (;;) {
      const t = this.peek();
      if (t.kind === Tok.RBrace) {
        node.close = this.take(t).start;
        break;
      }
      if (t.kind === Tok.EOF || t.kind === Tok.RBracket || this.sectionRestart(t)) break;
      if (t.kind === Tok.Comma) {
        this.problem(t.start, t.end, 'Logstash hashes take no commas between entries: remove this one.');
        this.take(t);
        previousEnd = -1; // the comma is the problem told; what separates it from the next entry does not matter
        continue;
      }
      if (t.kind === Tok.Word || t.kind === Tok.String) {
        const next = this.after(t);
        const keyword = this.isWord(t, 'if') || this.isWord(t, 'else') || this.isWord(t, 'elseif');
        if ((keyword && next.kind !== Tok.Arrow) || (next.kind === Tok.LBrace && this.blockLineAt(t, open.start))) break;
        const entry = this.entry(t, next, previousEnd);
        node.entries.push(entry);
        previousEnd = entry.end;
        continue;
      }
      this.junk('Expected a hash entry (key => value) or }.', (u) => u.kind === Tok.Word || u.kind === Tok.String || u.kind === Tok.RBrace || u.kind === Tok.Comma);
    }
    this.depth--;
    if (node.close === undefined) this.unclosed(open.start, open, 'This { has no closing }.');
    node.end = node.close === undefined ? this.pos : node.close + 1;
    return node;
  }

  private entry(keyToken: Token, next: Token, previousEnd: number): A.HashEntryNode {
    const commentsBefore = this.comments.length;
    this.take(keyToken, HEAD);
    if (previousEnd >= 0) {
      // The grammar joins entries with whitespace only (`hashentry (whitespace hashentry)*`): no comment between them.
      if (this.comments.length > commentsBefore && this.comments[this.comments.length - 1].start >= previousEnd) {
        const comment = this.comments[commentsBefore];
        this.problem(comment.start, comment.end, 'Logstash does not accept a comment between two hash entries: move it above the first entry or below the last.');
      } else if (!isSpace(this.text.charCodeAt(previousEnd))) {
        this.problem(keyToken.start, keyToken.end, 'Put a space or a line break between two hash entries.');
      }
    }
    let key: A.HashKeyNode;
    if (keyToken.kind === Tok.String) key = this.stringNode(keyToken);
    else {
      const raw = this.word(keyToken);
      if (NUMBER.test(raw)) key = this.numberNode(keyToken, raw);
      else {
        if (!BAREWORD.test(raw)) this.problem(keyToken.start, keyToken.end, this.unquotedMessage(raw, 'a hash key'));
        key = { kind: 'bareword', text: raw, start: keyToken.start, end: keyToken.end };
      }
    }
    const node: A.HashEntryNode = { kind: 'entry', key, arrow: undefined, value: undefined, start: keyToken.start, end: keyToken.end };
    if (next.kind === Tok.Arrow) {
      this.take(next);
      node.arrow = next.start;
      node.end = next.end;
      node.value = this.value(next);
    } else {
      this.problem(keyToken.start, keyToken.end, 'Expected => after this hash key.');
      if (this.valueWithoutArrow(keyToken, next)) node.value = this.value(keyToken);
    }
    if (node.value) node.end = node.value.end;
    return node;
  }

  // ---- Conditionals ----

  private branch(first: Token): A.BranchNode {
    const clauses: A.ClauseNode[] = [];
    if (this.isWord(first, 'if')) {
      this.take(first, HEAD);
      clauses.push(this.clause('if', first, first));
    }
    while (clauses.length === 0 || clauses[clauses.length - 1].keyword !== 'else') {
      const t = this.peek();
      if (this.isWord(t, 'elseif')) {
        this.take(t, HEAD);
        clauses.push(this.clause('else if', t, t));
      } else if (this.isWord(t, 'else')) {
        this.take(t, HEAD);
        const next = this.peek();
        if (this.isWord(next, 'if')) clauses.push(this.clause('else if', t, this.take(next)));
        else clauses.push(this.clause('else', t, t));
      } else break;
    }
    return { kind: 'branch', clauses, start: clauses[0].start, end: clauses[clauses.length - 1].end };
  }

  private clause(keyword: A.ClauseKeyword, first: Token, last: Token): A.ClauseNode {
    const node: A.ClauseNode = {
      kind: 'clause', keyword, keywordSpan: { start: first.start, end: last.end }, condition: undefined, body: [],
      open: undefined, close: undefined, start: first.start, end: last.end,
    };
    const outerCondition = this.conditionStart;
    this.conditionStart = first.start;
    if (keyword !== 'else') {
      node.condition = this.condition();
      if (!node.condition) this.missingOperand(last, `Expected a condition after “${keyword}”.`);
      else node.end = node.condition.end;
    }
    let t = this.peek('condition');
    if (t.kind !== Tok.LBrace) {
      this.conditionProblem(t.kind === Tok.EOF ? node.keywordSpan : t, keyword === 'else' ? 'Expected { after “else”.' : 'Expected { after the condition.');
      // Skip what cannot continue the condition on its line; a plugin or `if` starting a line means the clause has no body.
      while (t.kind !== Tok.LBrace && t.kind !== Tok.EOF && t.kind !== Tok.RBrace && !this.sectionRestart(t)
        && !(this.lines.firstOnLine(t.start) && this.statementStart(t))) {
        if (t.kind === Tok.LBracket || t.kind === Tok.LParen) this.skipBalanced(t);
        else this.take(t);
        node.end = this.pos;
        t = this.peek('condition');
      }
    }
    this.conditionStart = outerCondition;
    if (t.kind !== Tok.LBrace) return node;
    node.open = t.start;
    node.end = t.end;
    if (this.depth >= MAX_NESTING) {
      node.end = this.tooDeep(t);
      return node;
    }
    this.take(t);
    this.depth++;
    node.body = this.statements();
    this.depth--;
    node.close = this.closeBrace(first.start, { start: first.start, end: t.end }, `This “${keyword}” has no closing }.`);
    node.end = node.close === undefined ? this.pos : node.close + 1;
    return node;
  }

  /** Reports a missing operand after `after`, naming the word typed there when it is a bareword Logstash does not take. */
  private missingOperand(after: Span, message: string): void {
    const t = this.peek('condition');
    if (t.kind === Tok.Word && !this.lines.breakBetween(after.end, t.start)) {
      const raw = this.word(t);
      this.conditionProblem(t, `“${raw}” is not a value in a condition: quote it ("${raw}") or write a field reference ([${raw}]).`);
    } else this.conditionProblem(after, message);
  }

  private condition(): A.ConditionNode | undefined {
    const first = this.expression();
    if (!first) return undefined;
    const node: A.ConditionNode = { kind: 'condition', operands: [first], operators: [], start: first.start, end: first.end };
    for (;;) {
      const t = this.peek('condition');
      if (t.kind !== Tok.Word || !BOOLEAN_OPERATORS.has(this.word(t))) break;
      this.take(t);
      node.operators.push({ kind: 'boolean', op: this.word(t) as A.BooleanOperator, start: t.start, end: t.end });
      node.end = t.end;
      const operand = this.expression();
      if (!operand) {
        this.missingOperand(t, `Expected a condition after “${this.word(t)}”.`);
        break;
      }
      node.operands.push(operand);
      node.end = operand.end;
    }
    return node;
  }

  private expression(): A.ExpressionNode | undefined {
    const t = this.peek('condition');
    if (t.kind === Tok.LParen) return this.group(t);
    if (t.kind === Tok.Bang) {
      this.take(t);
      const next = this.peek('condition');
      const node: A.NotNode = { kind: 'not', operand: undefined, start: t.start, end: t.end };
      if (next.kind === Tok.LParen) node.operand = this.group(next);
      else if (next.kind === Tok.Selector) node.operand = this.selector(this.take(next));
      else this.conditionProblem(t, '“!” negates a field reference ([field]) or a condition in parentheses.');
      if (node.operand) node.end = node.operand.end;
      return node;
    }
    const left = this.rvalue();
    if (!left) return undefined;
    const op = this.peek('condition');
    if (op.kind === Tok.Operator) {
      const symbol = this.word(op);
      this.take(op);
      const operatorSpan = { start: op.start, end: op.end };
      if (symbol === '=~' || symbol === '!~') {
        const r = this.peek('condition');
        const right = r.kind === Tok.String ? this.stringNode(this.take(r)) : r.kind === Tok.Regexp ? this.regexp(this.take(r)) : undefined;
        if (!right) this.conditionProblem(op, `“${symbol}” needs a regexp (/…/) or a string on its right.`);
        return { kind: 'match', op: symbol, left, operatorSpan, right, start: left.start, end: right?.end ?? op.end };
      }
      const right = this.rvalue();
      if (!right) this.missingOperand(op, `“${symbol}” needs a value on its right: a string, a number, a field reference, an array or a regexp.`);
      return { kind: 'compare', op: symbol as A.CompareOperator, left, operatorSpan, right, start: left.start, end: right?.end ?? op.end };
    }
    let negated = false;
    let operatorEnd = -1;
    if (this.isWord(op, 'in')) operatorEnd = this.take(op).end;
    else if (this.isWord(op, 'not') && this.isWord(this.after(op, 'condition'), 'in')) {
      // The grammar spells the operator "not " cs "in": a plain space must follow `not`.
      if (this.text.charCodeAt(op.end) !== 32) this.conditionProblem(op, 'Logstash needs a space right after “not” in “not in”.');
      this.take(op);
      operatorEnd = this.take(this.peek('condition')).end;
      negated = true;
    }
    if (operatorEnd < 0) return left;
    const operatorSpan = { start: op.start, end: operatorEnd };
    const right = this.rvalue();
    if (!right) this.missingOperand(operatorSpan, `“${negated ? 'not in' : 'in'}” needs a value on its right: an array, a field reference or a string.`);
    return { kind: 'in', negated, left, operatorSpan, right, start: left.start, end: right?.end ?? operatorEnd };
  }

  private group(open: Token): A.GroupNode | undefined {
    if (this.depth >= MAX_NESTING) {
      this.tooDeep(open);
      return undefined;
    }
    this.take(open);
    this.depth++;
    const condition = this.condition();
    this.depth--;
    const node: A.GroupNode = {
      kind: 'group', condition: condition ?? { kind: 'condition', operands: [], operators: [], start: open.end, end: open.end },
      close: undefined, start: open.start, end: condition?.end ?? open.end,
    };
    if (!condition) this.missingOperand(open, 'Expected a condition after (.');
    const t = this.peek('condition');
    if (t.kind === Tok.RParen) {
      node.close = this.take(t).start;
      node.end = t.end;
    } else this.conditionProblem(open, 'This ( has no closing ).');
    return node;
  }

  private rvalue(): A.RValueNode | undefined {
    const t = this.peek('condition');
    switch (t.kind) {
      case Tok.String:
        return this.stringNode(this.take(t));
      case Tok.Selector:
        return this.selector(this.take(t));
      case Tok.Regexp:
        return this.regexp(this.take(t));
      case Tok.LBracket: {
        const array = this.array(t);
        return array.kind === 'array' ? array : undefined;
      }
      case Tok.Word: {
        const raw = this.word(t);
        if (NUMBER.test(raw)) return this.numberNode(this.take(t), raw);
        if (BAREWORD.test(raw) && this.after(t, 'condition').kind === Tok.LParen) return this.methodCall(t);
        return undefined;
      }
      default:
        return undefined;
    }
  }

  private selector(t: Token): A.SelectorNode {
    const segments: A.SelectorSegment[] = [];
    let i = t.start;
    while (i < t.end) {
      const close = this.text.indexOf(']', i + 1);
      segments.push({ name: this.text.slice(i + 1, close), start: i + 1, end: close });
      i = close + 1;
    }
    return { kind: 'selector', raw: this.text.slice(t.start, t.end), segments, start: t.start, end: t.end };
  }

  private regexp(t: Token): A.RegexpNode {
    if (!t.closed) this.severe(t.start, t.end, 'This regexp has no closing /.');
    return {
      kind: 'regexp', raw: this.text.slice(t.start, t.end), pattern: quotedContent(this.text, t), contentStart: t.start + 1,
      closed: t.closed, start: t.start, end: t.end,
    };
  }

  private methodCall(nameToken: Token): A.MethodCallNode | undefined {
    this.take(nameToken);
    const open = this.peek('condition');
    const node: A.MethodCallNode = {
      kind: 'call', name: this.word(nameToken), nameSpan: { start: nameToken.start, end: nameToken.end }, args: [], close: undefined,
      start: nameToken.start, end: open.end,
    };
    if (this.depth >= MAX_NESTING) {
      node.end = this.tooDeep(open);
      return node;
    }
    this.take(open);
    this.depth++;
    for (;;) {
      const t = this.peek('condition');
      if (t.kind === Tok.RParen) {
        node.close = this.take(t).start;
        break;
      }
      if (node.args.length > 0) {
        if (t.kind !== Tok.Comma) break;
        this.take(t);
      }
      const arg = this.rvalue();
      if (!arg) break;
      node.args.push(arg);
    }
    this.depth--;
    if (node.close === undefined) this.conditionProblem(open, `This call of “${node.name}” has no closing ).`);
    node.end = node.close === undefined ? this.pos : node.close + 1;
    return node;
  }
}

// The tree of a Logstash pipeline config, node for node as Logstash's own config grammar (lscl_grammar.treetop) reads
// it. Every node carries its span (UTF-16 offsets into the file's text, end exclusive); names carry their own spans.
// A node the user is still typing keeps what is there: a missing value, operand or closing bracket is `undefined`,
// never an invented one, and the parse's problem list says what is missing.
import type { Span, SyntaxProblem } from '../../model';
import type { TokenTable } from './lexer';

export type Quote = '"' | "'";
export type SectionType = 'input' | 'filter' | 'output';

export interface ConfigNode extends Span {
  kind: 'config';
  /** Top-level sections in file order; a section with an unknown name (reported) is kept so its plugins still parse. */
  sections: SectionNode[];
}

export interface SectionNode extends Span {
  kind: 'section';
  /** The name as written: `input`, `filter`, `output`, or another word (a syntax problem). */
  name: string;
  /** Undefined when `name` is not a section Logstash knows. */
  type: SectionType | undefined;
  nameSpan: Span;
  body: StatementNode[];
  /** Offset of `{`. */
  open: number;
  /** Offset of the closing `}`; undefined when it is missing. */
  close: number | undefined;
}

/** What a section or a branch holds. */
export type StatementNode = PluginNode | BranchNode;

export interface PluginNode extends Span {
  kind: 'plugin';
  /** The plugin's name (`grok`); a quoted name gives its content. */
  name: string;
  /** Span of the name as written, quotes included. */
  nameSpan: Span;
  nameQuote: Quote | undefined;
  attributes: AttributeNode[];
  open: number;
  close: number | undefined;
}

export interface AttributeNode extends Span {
  kind: 'attribute';
  /** The setting's name (`match`); a quoted name gives its content. */
  name: string;
  nameSpan: Span;
  nameQuote: Quote | undefined;
  /** Offset of `=>`; undefined when it is missing. */
  arrow: number | undefined;
  value: ValueNode | undefined;
}

/** A setting's value. A plugin is a value too (`codec => json { charset => "UTF-8" }`). */
export type ValueNode = BarewordNode | StringNode | NumberNode | ArrayNode | HashNode | PluginNode | InvalidNode;

export interface BarewordNode extends Span {
  kind: 'bareword';
  text: string;
}

export interface StringNode extends Span {
  kind: 'string';
  /**
   * The value as Logstash reads it by default (`config.support_escapes: false`): the characters between the quotes,
   * backslashes included (`"a\"b"` is `a\"b`). The value's character i is the file's character `contentStart + i`.
   */
  value: string;
  /** The token as written, quotes included. */
  raw: string;
  quote: Quote;
  /** Offset of the value's first character (just after the opening quote). */
  contentStart: number;
  /** False when the closing quote is missing (a syntax problem): the value then runs to the node's end. */
  closed: boolean;
}

export interface NumberNode extends Span {
  kind: 'number';
  raw: string;
  value: number;
}

export interface ArrayNode extends Span {
  kind: 'array';
  items: ValueNode[];
  /** Offset of `]`; undefined when it is missing. The `[` is at `start`. */
  close: number | undefined;
}

export interface HashNode extends Span {
  kind: 'hash';
  entries: HashEntryNode[];
  /** Offset of `}`; undefined when it is missing. The `{` is at `start`. */
  close: number | undefined;
}

/** A hash key is a number, a bareword or a string; an invalid unquoted key is kept as a bareword (and reported). */
export type HashKeyNode = BarewordNode | StringNode | NumberNode;

export interface HashEntryNode extends Span {
  kind: 'entry';
  key: HashKeyNode;
  arrow: number | undefined;
  value: ValueNode | undefined;
}

/** Text where a value belongs that Logstash cannot read as one (`10.0.0.1` unquoted, or nesting too deep to walk). */
export interface InvalidNode extends Span {
  kind: 'invalid';
  raw: string;
}

// ---- Conditionals ----

/** `if … { } else if … { } else { }`: one node for the whole chain. */
export interface BranchNode extends Span {
  kind: 'branch';
  clauses: ClauseNode[];
}

export type ClauseKeyword = 'if' | 'else if' | 'else';

export interface ClauseNode extends Span {
  kind: 'clause';
  keyword: ClauseKeyword;
  /** Span of `if`, `else if` (both words) or `else`. */
  keywordSpan: Span;
  /** Undefined for `else`, or when nothing after `if` reads as a condition. */
  condition: ConditionNode | undefined;
  body: StatementNode[];
  /** Offset of `{`; undefined when the clause has no body (a half-typed `if` before the next plugin). */
  open: number | undefined;
  close: number | undefined;
}

export type BooleanOperator = 'and' | 'or' | 'xor' | 'nand';

/** `expression (boolean_operator expression)*`, flat as the grammar has it: `operators[i]` joins operands i and i+1. */
export interface ConditionNode extends Span {
  kind: 'condition';
  operands: ExpressionNode[];
  operators: BooleanOperatorNode[];
}

export interface BooleanOperatorNode extends Span {
  kind: 'boolean';
  op: BooleanOperator;
}

/** An operand of a condition; an rvalue alone tests the value's truth (`if [tags] { }`). */
export type ExpressionNode = GroupNode | NotNode | InNode | CompareNode | MatchNode | RValueNode;

export interface GroupNode extends Span {
  kind: 'group';
  condition: ConditionNode;
  /** Offset of `)`; undefined when it is missing. The `(` is at `start`. */
  close: number | undefined;
}

/** `! [field]` or `! ( condition )`. */
export interface NotNode extends Span {
  kind: 'not';
  operand: GroupNode | SelectorNode | undefined;
}

export interface InNode extends Span {
  kind: 'in';
  /** `not in`. */
  negated: boolean;
  left: RValueNode;
  operatorSpan: Span;
  right: RValueNode | undefined;
}

export type CompareOperator = '==' | '!=' | '<' | '>' | '<=' | '>=';

export interface CompareNode extends Span {
  kind: 'compare';
  op: CompareOperator;
  left: RValueNode;
  operatorSpan: Span;
  right: RValueNode | undefined;
}

export interface MatchNode extends Span {
  kind: 'match';
  op: '=~' | '!~';
  left: RValueNode;
  operatorSpan: Span;
  /** A regexp, or a string Logstash turns into one. */
  right: RegexpNode | StringNode | undefined;
}

export type RValueNode = StringNode | NumberNode | SelectorNode | ArrayNode | MethodCallNode | RegexpNode;

/** A field reference in a condition: `[a][b]`, `[host][ip][0]`, `[a b]`, `[@metadata][x.y]`. */
export interface SelectorNode extends Span {
  kind: 'selector';
  raw: string;
  segments: SelectorSegment[];
}

/** One `[…]` of a field reference: its text as written (spaces and dots are part of the name) and the span of that text. */
export interface SelectorSegment extends Span {
  name: string;
}

export interface RegexpNode extends Span {
  kind: 'regexp';
  raw: string;
  /** The text between the slashes, as written (`\/` kept). */
  pattern: string;
  contentStart: number;
  closed: boolean;
}

/** `name(args)`: in Logstash's grammar, though Logstash compiles none. */
export interface MethodCallNode extends Span {
  kind: 'call';
  name: string;
  nameSpan: Span;
  args: RValueNode[];
  close: number | undefined;
}

/** What `parseLogstash` answers: always a tree, whatever the text. */
export interface LogstashParse {
  text: string;
  config: ConfigNode;
  /** Syntax problems in file order, each with a position and a plain message. */
  problems: SyntaxProblem[];
  /** Every `#` comment (to its line's last non-blank character), in file order. */
  comments: Span[];
  /** Every token the parser read, comments included, in file order: what the formatter walks. */
  tokens: TokenTable;
}

/** Every node kind of the tree. */
export type LogstashNode =
  | ConfigNode | SectionNode | PluginNode | AttributeNode | BarewordNode | StringNode | NumberNode | ArrayNode | HashNode
  | HashEntryNode | InvalidNode | BranchNode | ClauseNode | ConditionNode | BooleanOperatorNode | GroupNode | NotNode
  | InNode | CompareNode | MatchNode | SelectorNode | RegexpNode | MethodCallNode;

// The format-neutral document model: every adapter (JSON, NDJSON, YAML) produces these nodes.
// Offsets inside an event are LOCAL to the event's own text, so an event can be parsed, checked
// and cached on its own; `EventSlice.start` turns them into document offsets at one edge.

/** How a file is laid out: the JSON/YAML formats the model above reads, and Logstash's config (a tree of its own). */
export type DocumentFormat = 'json' | 'ndjson' | 'yaml' | 'logstash';

/** Events nest a handful of levels; deeper than this (junk, or an attack) an event is reported, not walked. */
export const MAX_NESTING = 500;

/** Thrown by a parser that went past MAX_NESTING; the document layer turns it into one syntax error. */
export class NestingTooDeep extends Error {
  constructor(readonly offset: number) {
    super(`nested more than ${MAX_NESTING} levels deep`);
  }
}

export interface Span {
  /** Start offset (inclusive), in UTF-16 code units. */
  start: number;
  /** End offset (exclusive). */
  end: number;
}

/** A replacement of [start, end) by `newText`: what the writers (`syntax/`) and every feature's fixes answer in. */
export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

export interface ObjectNode extends Span {
  kind: 'object';
  properties: PropertyNode[];
}

export interface ArrayNode extends Span {
  kind: 'array';
  items: ValueNode[];
}

export type ScalarKind = 'string' | 'number' | 'boolean' | 'null';
export type ScalarStyle = 'plain' | 'single' | 'double' | 'block';

export interface ScalarNode extends Span {
  kind: ScalarKind;
  value: string | number | boolean | null;
  /** The source text of the value (quotes included), e.g. to tell `1` from `1.0`. */
  readonly raw: string;
  /** How a string was written (JSON strings are always 'double'); undefined for other kinds. */
  style?: ScalarStyle;
}

/** Text that does not form a value (half-typed input, an unresolved YAML alias). */
export interface InvalidNode extends Span {
  kind: 'invalid';
  raw: string;
}

export type ValueNode = ObjectNode | ArrayNode | ScalarNode | InvalidNode;

export interface PropertyNode {
  /** The key as the user wrote it, unescaped (`source.ip`, `geo`). */
  key: string;
  /** Span of the key's text without quotes. */
  keySpan: Span;
  /** Span of the key token including quotes, if any. */
  keyTokenSpan: Span;
  /** Undefined while the user is still typing (`"source": ` or `source:` with nothing after it). */
  value?: ValueNode;
  /** Offset of the `:` separator, if present. */
  colon?: number;
}

// Nodes are a large document's most numerous objects, so the two most numerous kinds get a compact form: numbers
// instead of span objects, and the source text sliced on demand instead of a copy per value.

export class Scalar implements ScalarNode {
  constructor(
    readonly kind: ScalarKind,
    readonly value: string | number | boolean | null,
    public start: number,
    public end: number,
    /** The text the offsets index into (the event's own): shared by every node of the event. */
    private readonly text: string,
    readonly style: ScalarStyle | undefined = undefined,
  ) {}

  get raw(): string {
    return this.text.slice(this.start, this.end);
  }
}

export class Property implements PropertyNode {
  value: ValueNode | undefined = undefined;
  colon: number | undefined = undefined;

  constructor(
    public key: string,
    public keyStart: number,
    public keyEnd: number,
    public tokenStart: number,
    public tokenEnd: number,
  ) {}

  get keySpan(): Span {
    return { start: this.keyStart, end: this.keyEnd };
  }

  set keySpan(span: Span) {
    this.keyStart = span.start;
    this.keyEnd = span.end;
  }

  get keyTokenSpan(): Span {
    return { start: this.tokenStart, end: this.tokenEnd };
  }

  set keyTokenSpan(span: Span) {
    this.tokenStart = span.start;
    this.tokenEnd = span.end;
  }
}

export interface SyntaxProblem extends Span {
  message: string;
  /** Set when the problem is a limit Fieldwise keeps, not a fault of the text: the code it is reported as (limits.ts). */
  code?: string;
}

/** One event of a document, parsed from its own text. */
export interface EventSlice {
  /** Position of the event in the document (0-based). */
  index: number;
  /** Offset of the slice's first character in the document. */
  start: number;
  /** The event's own text; all node offsets are local to it. */
  text: string;
  /** The event's value: an object for a well-formed event; may be rebuilt on demand (parsedEvent.ts), so it is read, not copied. */
  readonly root: ValueNode | undefined;
  /** Syntax problems inside the event, local offsets. */
  readonly errors: SyntaxProblem[];
  /** YAML `# fieldwise-disable-line CODE...`: local 0-based line -> codes (empty set = all codes). */
  disabledLines?: Map<number, Set<string>>;
  /** Local offsets at which each line of `text` starts, computed on demand. */
  lineStarts?: number[];
}

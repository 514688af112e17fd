// The format-neutral document model: every adapter (JSON, NDJSON, YAML) produces these nodes.
// Offsets inside an event are LOCAL to the event's own text, so an event can be parsed, checked
// and cached on its own; `EventSlice.start` turns them into document offsets at one edge.

export type DocumentFormat = 'json' | 'ndjson' | 'yaml';

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

export interface ObjectNode extends Span {
  kind: 'object';
  properties: PropertyNode[];
}

export interface ArrayNode extends Span {
  kind: 'array';
  items: ValueNode[];
}

export interface ScalarNode extends Span {
  kind: 'string' | 'number' | 'boolean' | 'null';
  value: string | number | boolean | null;
  /** The source text of the value (quotes included), e.g. to tell `1` from `1.0`. */
  raw: string;
  /** YAML only: how a string was written; JSON strings are always 'double'. */
  style?: 'plain' | 'single' | 'double' | 'block';
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

export interface SyntaxProblem extends Span {
  message: string;
}

/** One event of a document, parsed from its own text. */
export interface EventSlice {
  /** Position of the event in the document (0-based). */
  index: number;
  /** Offset of the slice's first character in the document. */
  start: number;
  /** The event's own text; all node offsets are local to it. */
  text: string;
  /** The event's value: an object for a well-formed event. */
  root: ValueNode | undefined;
  /** Syntax problems inside the event, local offsets. */
  errors: SyntaxProblem[];
  /** YAML `# fieldwise-disable-line CODE...`: local 0-based line -> codes (empty set = all codes). */
  disabledLines?: Map<number, Set<string>>;
  /** Local offsets at which each line of `text` starts, computed on demand. */
  lineStarts?: number[];
}

export interface ParsedDocument {
  format: DocumentFormat;
  text: string;
  events: EventSlice[];
  /** Syntax problems outside every event (document offsets): a missing `]`, junk after the root. */
  errors: SyntaxProblem[];
}

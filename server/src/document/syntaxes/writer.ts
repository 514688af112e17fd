// Writing text in a syntax: one writer per syntax (`jsonWriter.ts`, `yamlWriter.ts`, chosen by `writerFor`), used
// by completion and quick fixes alike, so both quote, escape and indent a key, a value or a list item the same way.
import type { ArrayNode, ObjectNode, PropertyNode, TextEdit, ValueNode } from '../model';

export type PlainScalar = string | number | boolean | null;
export type Quote = '"' | "'";

/** Text already in the syntax; a function is given the indentation of the line its key is on. */
export type ValueText = string | ((keyIndent: string) => string);

/** A value written as it is (text moved from elsewhere in the file, a snippet placeholder). */
export class Verbatim {
  constructor(readonly text: ValueText) {}
}

/** A string written in the given quotes whether or not the syntax needs them (a template in a pipeline). */
export class Quoted {
  constructor(readonly value: string, readonly quote: Quote = '"') {}
}

/** What a writer writes: plain data (objects, lists, scalars), with `Verbatim` and `Quoted` leaves where needed. */
export type PlainValue = PlainScalar | Verbatim | Quoted | readonly PlainValue[] | { readonly [key: string]: PlainValue };

export function verbatim(text: ValueText): Verbatim {
  return new Verbatim(text);
}

export function quoted(value: string, quote: Quote = '"'): Quoted {
  return new Quoted(value, quote);
}

/** One `path: data` entry to insert into an object. */
export interface KeyEntry {
  readonly path: readonly string[];
  readonly data: PlainValue;
}

/** Where an entry or value is written. */
export interface Layout {
  /** The indentation of the line its (first) key is on; in YAML, the key's column. */
  indent: string;
  /** The file's indentation step (`indentUnit`). */
  unit: string;
  /** Whether it may span lines (a YAML block, pretty JSON); false writes one line in flow style. */
  multiline: boolean;
  /** Line break; `\n` by default. */
  eol?: string;
  /** JSON separators as the object writes them: `": "` or `":"`, `", "` or `","`. */
  colon?: string;
  comma?: string;
  /** Applied to every key's text (completion escapes snippet characters in keys, not in its placeholders). */
  keyText?: (key: string) => string;
}

export interface SyntaxWriter {
  readonly syntax: 'json' | 'yaml';
  /** A key's text: JSON always quoted; YAML plain when every YAML reader reads it back as that string, or in `quote` when given. */
  key(name: string, quote?: Quote): string;
  /** A scalar's text; a string in `quote` when given (keeping the file's quoting), else as the syntax needs. */
  scalar(value: PlainScalar, quote?: Quote): string;
  /** A string's content between the `quote`s the user already typed, escaped for them. */
  inQuotes(value: string, quote: Quote): string;
  /** Plain data as the text after `key:`; a YAML block collection starts with a line break (the entry writes no space then). */
  value(data: PlainValue, layout: Layout): string;
  /** `path: value`, nesting an object for each segment after the first. */
  entry(path: readonly string[], data: PlainValue, layout: Layout): string;
  /** The file's own indentation step (two spaces when it shows none). */
  indentUnit(text: string): string;
  /** Inserts `path` (nested for segments after the first) with `data` into `object`, first or last; undefined when no safe edit exists. */
  insertKey(text: string, object: ObjectNode, path: readonly string[], data: PlainValue, position?: 'first' | 'last'): TextEdit | undefined;
  /** `insertKey` for several entries at once, in order, as one edit (two edits could not both fill an empty object). */
  insertKeys(text: string, object: ObjectNode, entries: readonly KeyEntry[], position?: 'first' | 'last'): TextEdit | undefined;
  /** Appends items at the end of a list in its own layout (flow `[a, b]` or a YAML block sequence); strings keep the last item's quoting. */
  appendItems(text: string, array: ArrayNode, items: readonly PlainValue[]): TextEdit | undefined;
}

/** The quotes a string value was written in, so a replacement keeps them. */
export function quoteOf(node: ValueNode | undefined): Quote | undefined {
  if (node?.kind !== 'string') return undefined;
  return node.style === 'single' ? "'" : node.style === 'double' ? '"' : undefined;
}

/** The quotes a key was written in. */
export function keyQuoteOf(text: string, property: PropertyNode): Quote | undefined {
  const c = text.charAt(property.keyTokenSpan.start);
  return c === '"' || c === "'" ? c : undefined;
}

/** Whether data is a list or an object (as opposed to a scalar or a leaf written as given). */
export function isCollection(data: PlainValue): data is readonly PlainValue[] | { readonly [key: string]: PlainValue } {
  return typeof data === 'object' && data !== null && !(data instanceof Verbatim) && !(data instanceof Quoted);
}

/** The text of a `Verbatim` leaf for a key at `indent`. */
export function verbatimText(data: Verbatim, indent: string): string {
  return typeof data.text === 'string' ? data.text : data.text(indent);
}

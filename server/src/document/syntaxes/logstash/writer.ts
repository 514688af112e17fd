// Writing Logstash config text: quoting a string, a `name => value` setting, a hash entry, an array item, and inserting
// one into a plugin, a hash or an array in the file's own indentation and quote style. Completion and quick fixes
// write through here so both produce text Logstash reads back as the value meant.
//
// Without `config.support_escapes` (Logstash's default) nothing in a string is decoded: a string cannot hold its own
// quote (a backslash before it stays in the value) and cannot end in a backslash (`\"` keeps the string open). A
// value no quote can hold is answered with undefined, never written wrongly.
import type { Span, TextEdit } from '../../model';
import type { ArrayNode, HashNode, LogstashParse, PluginNode, Quote } from './ast';
import { eolOf, indentUnitOf, lineIndentAt } from './indentation';
import { Tok } from './lexer';
import { type LineIndex, lineIndexFor } from './lineIndex';

/** A bareword written as it is (`json`, `true`, `UNIX`); it must read back as a bareword. */
export class Bareword {
  constructor(readonly text: string) {}
}

/** Text written as it is (a snippet placeholder, text moved from elsewhere in the file). */
export class Verbatim {
  constructor(readonly text: string) {}
}

/** What the writer writes: strings are quoted, numbers and booleans bare, arrays `[a, b]`, objects as hashes. */
export type LogstashData = string | number | boolean | Bareword | Verbatim | readonly LogstashData[] | { readonly [key: string]: LogstashData };

/** Where a value is written. */
export interface LogstashLayout {
  /** Indentation of the line the setting, entry or item starts on. */
  indent: string;
  /** The file's indentation step. */
  unit: string;
  /** The file's line break. */
  eol: string;
  /** The quote strings are written in (the file's own); `"` by default. */
  quote?: Quote;
}

const BAREWORD = /^[A-Za-z_][A-Za-z0-9_]+$/;
const NAME = /^[A-Za-z0-9_-]+$/;
const NUMBER = /^-?[0-9]+(?:\.[0-9]*)?$/;

function other(quote: Quote): Quote {
  return quote === '"' ? "'" : '"';
}

/** Whether `quote` can hold `value` as Logstash reads strings by default. */
export function canQuote(value: string, quote: Quote): boolean {
  return !value.includes(quote) && !value.endsWith('\\');
}

/** `value` between `quote`s, or the other quotes when only they can hold it; undefined when neither can. */
export function quoteString(value: string, quote: Quote = '"'): string | undefined {
  if (canQuote(value, quote)) return `${quote}${value}${quote}`;
  const second = other(quote);
  return canQuote(value, second) ? `${second}${value}${second}` : undefined;
}

/** A string's content to type between `quote`s already in the file; undefined when those quotes cannot hold it. */
export function inQuotes(value: string, quote: Quote): string | undefined {
  return canQuote(value, quote) ? value : undefined;
}

/** A plugin or setting name: bare when Logstash reads it bare, else quoted. */
export function nameText(name: string, quote: Quote = '"'): string | undefined {
  return NAME.test(name) ? name : quoteString(name, quote);
}

/** A hash key: always quoted (field references such as `[event][module]` must be). */
export function keyText(key: string, quote: Quote = '"'): string | undefined {
  return quoteString(key, quote);
}

/** A number as Logstash writes one (`-?digits(.digits)?`); undefined for one it cannot (NaN, infinities, 1e21). */
export function numberText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  let text = String(value);
  if (!NUMBER.test(text) && Math.abs(value) < 1e21) text = value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '.0');
  return NUMBER.test(text) ? text : undefined;
}

/** A value as text after `=>`, an item or an entry value; undefined when part of it cannot be written. */
export function valueText(data: LogstashData, layout: LogstashLayout): string | undefined {
  const quote = layout.quote ?? '"';
  if (typeof data === 'string') return quoteString(data, quote);
  if (typeof data === 'number') return numberText(data);
  if (typeof data === 'boolean') return String(data);
  if (data instanceof Bareword) return BAREWORD.test(data.text) ? data.text : undefined;
  if (data instanceof Verbatim) return data.text;
  if (Array.isArray(data)) {
    const items: string[] = [];
    for (const item of data as readonly LogstashData[]) {
      const text = valueText(item, layout);
      if (text === undefined) return undefined;
      items.push(text);
    }
    return `[${items.join(', ')}]`;
  }
  const entries = Object.entries(data as { readonly [key: string]: LogstashData });
  if (entries.length === 0) return '{}';
  const inner = { ...layout, indent: layout.indent + layout.unit };
  const lines: string[] = [];
  for (const [key, value] of entries) {
    const entry = hashEntryText(key, value, inner);
    if (entry === undefined) return undefined;
    lines.push(inner.indent + entry);
  }
  return `{${layout.eol}${lines.join(layout.eol)}${layout.eol}${layout.indent}}`;
}

/** `name => value`, the value laid out for a setting whose line is indented by `layout.indent`. */
export function attributeText(name: string, data: LogstashData, layout: LogstashLayout): string | undefined {
  const n = nameText(name, layout.quote);
  const v = valueText(data, layout);
  return n === undefined || v === undefined ? undefined : `${n} => ${v}`;
}

/** `"key" => value`. */
export function hashEntryText(key: string, data: LogstashData, layout: LogstashLayout): string | undefined {
  const k = keyText(key, layout.quote);
  const v = valueText(data, layout);
  return k === undefined || v === undefined ? undefined : `${k} => ${v}`;
}

/** An array item's text (the same as a value's). */
export function arrayItemText(data: LogstashData, layout: LogstashLayout): string | undefined {
  return valueText(data, layout);
}

/** The quote most of the file's strings use (counting its first 200), `"` when it has none. */
export function fileQuoteOf(parse: LogstashParse): Quote {
  const { text } = parse;
  let double = 0;
  let single = 0;
  for (let i = 0; i < parse.tokens.length && double + single < 200; i++) {
    if (parse.tokens.kinds[i] !== Tok.String) continue;
    if (text.charCodeAt(parse.tokens.starts[i]) === 39) single++;
    else double++;
  }
  return single > double ? "'" : '"';
}

export type Position = 'first' | 'last';

/** The layout for a new line inside a block: its siblings' indentation, else the block's line one step in. */
function layoutInside(parse: LogstashParse, lines: LineIndex, blockStart: number, sibling: number | undefined, quote?: Quote): LogstashLayout {
  const { text } = parse;
  const unit = indentUnitOf(parse);
  const indent = sibling !== undefined && lines.firstOnLine(sibling)
    ? lineIndentAt(text, sibling, lines)
    : lineIndentAt(text, blockStart, lines) + unit;
  return { indent, unit, eol: eolOf(text), quote: quote ?? fileQuoteOf(parse) };
}

/** Offset of the start of the line holding `offset`. */
function lineStartOf(lines: LineIndex, offset: number): number {
  return lines.starts[lines.lineOf(offset)];
}

/** How elements of a block are joined. */
interface Joining {
  /** Between two elements on one line: a space, or `, ` in arrays. */
  inline: string;
  /** At the end of an element's line before the next element: `,` in arrays. */
  lineEnd: string;
  /** Whether a new last element goes right after the current last one (hashes: no comment may come between). */
  afterLast?: boolean;
  /** Whether an empty block keeps its tight form (`[]` gets `["x"]`; `{}` gets `{ x }`). */
  tightWhenEmpty?: boolean;
}

/** Inserts one element into a `{ … }` or `[ … ]` block: on its own line when the block's closer starts a line, else on the block's line. */
function insertInto(
  text: string,
  lines: LineIndex,
  block: { open: number; close: number; elements: readonly Span[] },
  position: Position,
  write: (layout: LogstashLayout) => string | undefined,
  layout: LogstashLayout,
  join: Joining,
): TextEdit | undefined {
  const { open, close, elements } = block;
  const element = write(layout);
  if (element === undefined) return undefined;
  const first = elements[0];
  const last = elements[elements.length - 1];
  const multiline = lines.firstOnLine(close) && (first === undefined || lines.firstOnLine(first.start));
  if (!multiline) {
    if (!first) {
      const inner = text.slice(open + 1, close);
      const space = !join.tightWhenEmpty || /^[ \t]+$/.test(inner) ? ' ' : '';
      return { start: open + 1, end: close, newText: `${space}${element}${space}` };
    }
    if (position === 'first') return { start: first.start, end: first.start, newText: `${element}${join.inline}` };
    return { start: last.end, end: last.end, newText: `${join.inline}${element}` };
  }
  const eol = layout.eol;
  if (!first) {
    const at = lineStartOf(lines, close);
    return { start: at, end: at, newText: `${layout.indent}${element}${eol}` };
  }
  if (position === 'first') {
    const at = lineStartOf(lines, first.start);
    return { start: at, end: at, newText: `${layout.indent}${element}${join.lineEnd}${eol}` };
  }
  if (join.lineEnd === '' && !join.afterLast) {
    const at = lineStartOf(lines, close);
    return { start: at, end: at, newText: `${layout.indent}${element}${eol}` };
  }
  if (join.afterLast) {
    // Right after the last element: nothing may come between two hash entries but whitespace.
    return { start: last.end, end: last.end, newText: `${join.lineEnd}${eol}${layout.indent}${element}` };
  }
  // Before the closer's line, the separator after the last element: comments after it stay where they are.
  const at = lineStartOf(lines, close);
  return { start: last.end, end: at, newText: `${join.lineEnd}${text.slice(last.end, at)}${layout.indent}${element}${eol}` };
}

/** Inserts `name => value` into a plugin of `parse`, first or last among its settings; undefined when the plugin is not closed or the value cannot be written. */
export function insertAttribute(parse: LogstashParse, plugin: PluginNode, name: string, data: LogstashData, position: Position = 'last', quote?: Quote): TextEdit | undefined {
  if (plugin.close === undefined) return undefined;
  const { text } = parse;
  const lines = lineIndexFor(text);
  const sibling = position === 'first' ? plugin.attributes[0]?.start : plugin.attributes[plugin.attributes.length - 1]?.start;
  const layout = layoutInside(parse, lines, plugin.start, sibling, quote);
  return insertInto(text, lines, { open: plugin.open, close: plugin.close, elements: plugin.attributes }, position,
    (l) => attributeText(name, data, l), layout, { inline: ' ', lineEnd: '' });
}

/** Inserts `"key" => value` into a hash, first or last; undefined when the hash is not closed or the value cannot be written. */
export function insertHashEntry(parse: LogstashParse, hash: HashNode, key: string, data: LogstashData, position: Position = 'last', quote?: Quote): TextEdit | undefined {
  if (hash.close === undefined) return undefined;
  const { text } = parse;
  const lines = lineIndexFor(text);
  const sibling = position === 'first' ? hash.entries[0]?.start : hash.entries[hash.entries.length - 1]?.start;
  const layout = layoutInside(parse, lines, hash.start, sibling, quote ?? hash.entries.map((e) => e.key).find((k) => k.kind === 'string')?.quote);
  return insertInto(text, lines, { open: hash.start, close: hash.close, elements: hash.entries }, position,
    (l) => hashEntryText(key, data, l), layout, { inline: ' ', lineEnd: '', afterLast: true });
}

/** Inserts an item into an array, first or last; strings take the quotes of the array's strings. */
export function insertArrayItem(parse: LogstashParse, array: ArrayNode, data: LogstashData, position: Position = 'last', quote?: Quote): TextEdit | undefined {
  if (array.close === undefined) return undefined;
  const { text } = parse;
  const lines = lineIndexFor(text);
  const sibling = position === 'first' ? array.items[0]?.start : array.items[array.items.length - 1]?.start;
  const layout = layoutInside(parse, lines, array.start, sibling, quote ?? array.items.find((i) => i.kind === 'string')?.quote);
  return insertInto(text, lines, { open: array.start, close: array.close, elements: array.items }, position,
    (l) => arrayItemText(data, l), layout, { inline: ', ', lineEnd: ',', tightWhenEmpty: true });
}

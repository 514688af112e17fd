// The JSON writer (NDJSON's too, which never breaks a line): keys and strings always quoted, separators and
// indentation as the object around the insertion writes them. YAML's flow collections are written by the same code.
import type { ArrayNode, ObjectNode, TextEdit } from '../../model';
import { eolOf, firstOnLine, lineIndent, smallestIndent, spansLines } from '../textLayout';
import { isCollection, KeyEntry, Layout, PlainScalar, PlainValue, Quote, Quoted, SyntaxWriter, Verbatim, verbatimText } from '../writer';

/** A flow collection's separators: `": "` or `":"`, `", "` or `","`. */
export interface FlowStyle {
  colon: string;
  comma: string;
}

/** The separators a JSON object writes. */
export function jsonStyle(text: string, object: ObjectNode): FlowStyle {
  const withColon = object.properties.find((p) => p.colon !== undefined);
  const colon = withColon && text.charAt((withColon.colon as number) + 1) !== ' ' ? ':' : ': ';
  const second = object.properties[1];
  const first = object.properties[0];
  // With one property there is no comma to copy: compact colons go with compact commas.
  let comma = colon === ':' ? ',' : ', ';
  if (second && first?.value) {
    const between = text.slice(first.value.end, second.keyTokenSpan.start);
    comma = /^\s*,\S/.test(between) || /^\s*,$/.test(between) ? ',' : ', ';
  }
  return { colon, comma };
}

/**
 * The indentation of an object's own line. Its closing brace's line tells it best: an event cut out of a JSON
 * array starts at its `{`, so the first line of its text has lost its indentation.
 */
export function objectIndent(text: string, object: ObjectNode): string {
  const close = object.end - 1;
  if (text.charAt(close) === '}' && firstOnLine(text, close)) return lineIndent(text, close);
  return lineIndent(text, object.start);
}

export function closedObject(text: string, object: ObjectNode): boolean {
  return text.charAt(object.end - 1) === '}';
}

/** Writing into a flow collection (`{…}`, `[…]`): JSON's, and YAML's with YAML scalars. */
export interface FlowWriter extends SyntaxWriter {
  /** The separators to use inside `object`. */
  flowStyle(text: string, object: ObjectNode): FlowStyle;
  /** Whether a new entry may go on lines of its own (pretty JSON); never in NDJSON or a YAML flow map. */
  breaksLines(text: string): boolean;
}

/** Inserts entries (each `path: data`) into a closed flow object, on lines of their own where the object writes its entries so. */
export function insertFlowKey(writer: FlowWriter, text: string, object: ObjectNode, entries: readonly KeyEntry[], position: 'first' | 'last'): TextEdit | undefined {
  const props = object.properties;
  if (entries.length === 0 || props.some((p) => !p.value) || !closedObject(text, object)) return undefined;
  const style = writer.flowStyle(text, object);
  const eol = eolOf(text);
  const oneLine: Layout = { indent: '', unit: '', multiline: false, eol, ...style };
  const written = (layout: Layout): string[] => entries.map((e) => writer.entry(e.path, e.data, layout));
  if (props.length === 0) {
    if (!writer.breaksLines(text) || !(spansLines(text, object) || text.trim().includes('\n'))) {
      return { start: object.start + 1, end: object.end - 1, newText: written(oneLine).join(style.comma) };
    }
    const base = objectIndent(text, object);
    const unit = writer.indentUnit(text);
    const inner = base + unit;
    const lines = written({ indent: inner, unit, multiline: true, eol, ...style });
    return { start: object.start + 1, end: object.end - 1, newText: `${eol}${inner}${lines.join(`,${eol}${inner}`)}${eol}${base}` };
  }
  const anchor = position === 'first' ? props[0] : props[props.length - 1];
  const multiline = writer.breaksLines(text) && spansLines(text, object) && firstOnLine(text, anchor.keyTokenSpan.start);
  const indent = multiline ? lineIndent(text, anchor.keyTokenSpan.start) : '';
  const gap = multiline ? `${eol}${indent}` : style.comma.slice(1);
  const entry = written(multiline ? { indent, unit: writer.indentUnit(text), multiline, eol, ...style } : oneLine).join(`,${gap}`);
  if (position === 'first') return { start: anchor.keyTokenSpan.start, end: anchor.keyTokenSpan.start, newText: `${entry},${gap}` };
  const end = anchor.value!.end;
  return { start: end, end, newText: `,${gap}${entry}` };
}

/** Appends to a closed flow list: one item per line when it is written so, else after the last item's comma style. */
export function appendFlowItems(text: string, array: ArrayNode, texts: readonly string[]): TextEdit | undefined {
  const items = array.items;
  const last = items[items.length - 1];
  if (text.charAt(array.end - 1) !== ']') return undefined;
  if (!last) return { start: array.start + 1, end: array.end - 1, newText: texts.join(', ') };
  if (spansLines(text, array) && firstOnLine(text, last.start)) {
    const indent = lineIndent(text, last.start);
    return { start: last.end, end: last.end, newText: texts.map((t) => `,${eolOf(text)}${indent}${t}`).join('') };
  }
  const comma = items.length > 1 && /^\s*,\S/.test(text.slice(items[0].end, items[1].start)) ? ',' : ', ';
  return { start: last.end, end: last.end, newText: texts.map((t) => `${comma}${t}`).join('') };
}

/** Plain data in flow style on one line (`{"a": 1, "b": [x]}`), keys and scalars by the writer. */
export function flowValue(writer: SyntaxWriter, data: PlainValue, layout: Layout): string {
  if (!isCollection(data)) return leafText(writer, data, layout.indent);
  const comma = layout.comma ?? ', ';
  if (Array.isArray(data)) return `[${(data as readonly PlainValue[]).map((v) => flowValue(writer, v, layout)).join(comma)}]`;
  const entries = Object.entries(data);
  return `{${entries.map(([k, v]) => `${keyOf(writer, k, layout)}${layout.colon ?? ': '}${flowValue(writer, v, layout)}`).join(comma)}}`;
}

export function leafText(writer: SyntaxWriter, data: PlainScalar | Verbatim | Quoted, indent: string): string {
  if (data instanceof Verbatim) return verbatimText(data, indent);
  if (data instanceof Quoted) return writer.scalar(data.value, data.quote);
  return writer.scalar(data);
}

export function keyOf(writer: SyntaxWriter, name: string, layout: Layout): string {
  const key = writer.key(name);
  return layout.keyText ? layout.keyText(key) : key;
}

/** The last text's indentation unit: one scan for the many edits a fix-all makes on one text. */
let unitOf: { text: string; unit: string } | undefined;

class JsonWriter implements FlowWriter {
  readonly syntax = 'json';

  constructor(private readonly lines: boolean) {}

  key(name: string): string {
    return JSON.stringify(name);
  }

  scalar(value: PlainScalar): string {
    return value === null ? 'null' : JSON.stringify(value);
  }

  inQuotes(value: string, _quote: Quote): string {
    return JSON.stringify(value).slice(1, -1);
  }

  indentUnit(text: string): string {
    if (unitOf?.text !== text) unitOf = { text, unit: smallestIndent(text) ?? '  ' };
    return unitOf.unit;
  }

  value(data: PlainValue, layout: Layout): string {
    if (!layout.multiline || !isCollection(data)) return flowValue(this, data, layout);
    const list = Array.isArray(data) ? (data as readonly PlainValue[]) : undefined;
    const entries = list ? [] : Object.entries(data);
    // Scalars stay on one line; objects (and lists of them) take a line per entry.
    if (list ? !list.some(isCollection) || list.length === 0 : entries.length === 0) return flowValue(this, data, layout);
    const eol = layout.eol ?? '\n';
    const inner = layout.indent + layout.unit;
    const deeper = { ...layout, indent: inner };
    const parts = list ? list.map((v) => this.value(v, deeper)) : entries.map(([k, v]) => this.entry([k], v, deeper));
    const [open, close] = list ? ['[', ']'] : ['{', '}'];
    return `${open}${eol}${inner}${parts.join(`,${eol}${inner}`)}${eol}${layout.indent}${close}`;
  }

  entry(path: readonly string[], data: PlainValue, layout: Layout): string {
    const [name, ...rest] = path;
    const key = `${keyOf(this, name, layout)}${layout.colon ?? ': '}`;
    if (rest.length === 0) return key + this.value(data, layout);
    if (!layout.multiline) return `${key}{${this.entry(rest, data, layout)}}`;
    const eol = layout.eol ?? '\n';
    const inner = layout.indent + layout.unit;
    return `${key}{${eol}${inner}${this.entry(rest, data, { ...layout, indent: inner })}${eol}${layout.indent}}`;
  }

  flowStyle(text: string, object: ObjectNode): FlowStyle {
    return jsonStyle(text, object);
  }

  breaksLines(): boolean {
    return this.lines;
  }

  insertKey(text: string, object: ObjectNode, path: readonly string[], data: PlainValue, position: 'first' | 'last' = 'last'): TextEdit | undefined {
    return insertFlowKey(this, text, object, [{ path, data }], position);
  }

  insertKeys(text: string, object: ObjectNode, entries: readonly KeyEntry[], position: 'first' | 'last' = 'last'): TextEdit | undefined {
    return insertFlowKey(this, text, object, entries, position);
  }

  appendItems(text: string, array: ArrayNode, items: readonly PlainValue[]): TextEdit | undefined {
    if (items.length === 0) return undefined;
    return appendFlowItems(text, array, items.map((v) => flowValue(this, v, { indent: '', unit: '', multiline: false })));
  }
}

export const jsonWriter: SyntaxWriter = new JsonWriter(true);
/** NDJSON: one event per line, so nothing written breaks a line. */
export const ndjsonWriter: SyntaxWriter = new JsonWriter(false);


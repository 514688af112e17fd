// The YAML writer: keys and strings plain where every YAML reader (1.1 and 1.2) reads them back as the same string,
// double-quoted otherwise or in the quotes the file used; block maps and sequences indented by the file's own unit,
// flow collections (`{a: 1}`, `[a, b]`) written as JSON's are.
import type { ArrayNode, ObjectNode, TextEdit } from '../../model';
import { typePlainScalar } from './yamlScalar';
import { appendFlowItems, FlowStyle, FlowWriter, flowValue, insertFlowKey, keyOf, leafText } from '../json/jsonWriter';
import { columnSpaces, eolOf, lineEndAfter, lineStartOf, smallestIndent } from '../textLayout';
import { isCollection, KeyEntry, Layout, PlainScalar, PlainValue, Quote, quoteOf, SyntaxWriter } from '../writer';

/** YAML 1.1 booleans (Beats and other go-yaml v2 readers): a plain `on` or `y` is not a string there. */
const YAML11_BOOL = /^(?:y|yes|n|no|on|off)$/i;
const PLAIN_KEY = /^[A-Za-z_][\w.-]*$/;
/** A plain string: word characters, `.`, `/`, `+`, `-`, and `:` only between them (`a:` or `a: b` would start a map). */
const PLAIN_STRING = /^[A-Za-z0-9_][\w./+-]*$/;
const PLAIN_STRING_WITH_COLONS = /^[A-Za-z_][\w./+-]*(?::[\w./+-]+)+$/;

function readsAsString(value: string): boolean {
  return typePlainScalar(value).kind === 'string' && !YAML11_BOOL.test(value);
}

const FLOW: FlowStyle = { colon: ': ', comma: ', ' };

/** The opening line of a block map entry whose value is below it (`key:`, `- key:`), for the file's indentation step. */
const OPENER = /^( *)(- +)?[^#\s][^#\n]*:[ \t]*\r?$/gm;

/** The indentation step the first opened block shows (a sequence's `- ` is not a step); undefined when none does. */
function blockStep(text: string): string | undefined {
  OPENER.lastIndex = 0;
  for (let m = OPENER.exec(text); m; m = OPENER.exec(text)) {
    const keyColumn = m[1].length + (m[2]?.length ?? 0);
    let at = text.indexOf('\n', m.index);
    while (at >= 0) {
      const next = text.indexOf('\n', at + 1);
      const line = text.slice(at + 1, next < 0 ? text.length : next);
      const trimmed = line.trim();
      if (trimmed !== '' && !trimmed.startsWith('#')) {
        const indent = /^ */.exec(line)![0].length;
        if (indent > keyColumn) return ' '.repeat(indent - keyColumn);
        break;
      }
      at = next;
    }
    if (at < 0) break;
    OPENER.lastIndex = Math.max(OPENER.lastIndex, at + 1);
  }
  return undefined;
}

let unitOf: { text: string; unit: string } | undefined;

class YamlWriter implements FlowWriter {
  readonly syntax = 'yaml';

  key(name: string, quote?: Quote): string {
    if (quote) return this.scalar(name, quote);
    return PLAIN_KEY.test(name) && readsAsString(name) ? name : JSON.stringify(name);
  }

  scalar(value: PlainScalar, quote?: Quote): string {
    if (typeof value !== 'string') return value === null ? 'null' : JSON.stringify(value);
    if (quote === "'") return `'${this.inQuotes(value, quote)}'`;
    if (quote === '"') return JSON.stringify(value);
    const plain = (PLAIN_STRING.test(value) || PLAIN_STRING_WITH_COLONS.test(value)) && readsAsString(value);
    return plain ? value : JSON.stringify(value);
  }

  inQuotes(value: string, quote: Quote): string {
    return quote === "'" ? value.replace(/'/g, "''") : JSON.stringify(value).slice(1, -1);
  }

  indentUnit(text: string): string {
    if (unitOf?.text !== text) {
      const smallest = smallestIndent(text);
      unitOf = { text, unit: blockStep(text) ?? (smallest && smallest !== '\t' ? smallest : '  ') };
    }
    return unitOf.unit;
  }

  value(data: PlainValue, layout: Layout): string {
    if (!isCollection(data)) return leafText(this, data, layout.indent);
    const list = Array.isArray(data) ? (data as readonly PlainValue[]) : undefined;
    const entries = list ? [] : Object.entries(data);
    if (!layout.multiline || (list ? list.length === 0 : entries.length === 0)) return flowValue(this, data, { ...layout, ...FLOW });
    const eol = layout.eol ?? '\n';
    const inner = layout.indent + layout.unit;
    if (!list) return entries.map(([k, v]) => `${eol}${inner}${this.entry([k], v, { ...layout, indent: inner })}`).join('');
    return list.map((v) => `${eol}${inner}- ${this.item(v, inner, layout)}`).join('');
  }

  /** A block sequence item's text after `- `, for a dash at `dashIndent`: an object's keys line up after the dash. */
  private item(data: PlainValue, dashIndent: string, layout: Layout): string {
    const entries = isCollection(data) && !Array.isArray(data) ? Object.entries(data) : [];
    if (entries.length === 0) return this.value(data, { ...layout, indent: dashIndent, multiline: false });
    const indent = `${dashIndent}  `;
    return entries.map(([k, v]) => this.entry([k], v, { ...layout, indent, multiline: true })).join(`${layout.eol ?? '\n'}${indent}`);
  }

  entry(path: readonly string[], data: PlainValue, layout: Layout): string {
    const [name, ...rest] = path;
    const key = keyOf(this, name, layout);
    if (rest.length === 0) {
      const written = this.value(data, layout);
      // A block value starts on its own line: no space after the colon.
      return `${key}:${/^\r?\n/.test(written) ? '' : ' '}${written}`;
    }
    // Inside a flow map (`{a: 1}`) nested keys stay in flow style: a block there does not parse.
    if (!layout.multiline) return `${key}: {${this.entry(rest, data, layout)}}`;
    const inner = layout.indent + layout.unit;
    return `${key}:${layout.eol ?? '\n'}${inner}${this.entry(rest, data, { ...layout, indent: inner })}`;
  }

  flowStyle(): FlowStyle {
    return FLOW;
  }

  breaksLines(): boolean {
    return false;
  }

  insertKey(text: string, object: ObjectNode, path: readonly string[], data: PlainValue, position: 'first' | 'last' = 'last'): TextEdit | undefined {
    return this.insertKeys(text, object, [{ path, data }], position);
  }

  insertKeys(text: string, object: ObjectNode, entries: readonly KeyEntry[], position: 'first' | 'last' = 'last'): TextEdit | undefined {
    const props = object.properties;
    if (entries.length === 0 || props.some((p) => !p.value)) return undefined;
    if (text.charAt(object.start) === '{') return insertFlowKey(this, text, object, entries, position);
    // An empty block map is no map at all (`key:` reads as null): nothing to insert into.
    if (props.length === 0) return undefined;
    const indent = columnSpaces(text, props[0].keyTokenSpan.start);
    const eol = eolOf(text);
    const entry = entries.map((e) => this.entry(e.path, e.data, { indent, unit: this.indentUnit(text), multiline: true, eol })).join(`${eol}${indent}`);
    if (position === 'first') {
      const at = props[0].keyTokenSpan.start;
      return { start: at, end: at, newText: `${entry}${eol}${indent}` };
    }
    const end = props[props.length - 1].value!.end;
    if (text.charAt(end - 1) === '\n') return { start: end, end, newText: `${indent}${entry}${eol}` };
    const at = lineEndAfter(text, end);
    return { start: at, end: at, newText: `${eol}${indent}${entry}` };
  }

  appendItems(text: string, array: ArrayNode, items: readonly PlainValue[]): TextEdit | undefined {
    if (items.length === 0) return undefined;
    const last = array.items[array.items.length - 1];
    const quote = quoteOf(last);
    const scalarOr = (v: PlainValue, written: () => string): string => (typeof v === 'string' ? this.scalar(v, quote) : written());
    if (text.charAt(array.start) === '[') {
      return appendFlowItems(text, array, items.map((v) => scalarOr(v, () => flowValue(this, v, { indent: '', unit: '', multiline: false, ...FLOW }))));
    }
    const dash = last && /^([ \t]*)-[ \t]+$/.exec(text.slice(lineStartOf(text, last.start), last.start));
    if (!dash) return undefined;
    const eol = eolOf(text);
    const layout: Layout = { indent: dash[1], unit: this.indentUnit(text), multiline: true, eol };
    const lines = items.map((v) => `${dash[1]}- ${scalarOr(v, () => this.item(v, dash[1], layout))}`);
    if (text.charAt(last.end - 1) === '\n') return { start: last.end, end: last.end, newText: lines.map((l) => `${l}${eol}`).join('') };
    const at = lineEndAfter(text, last.end);
    return { start: at, end: at, newText: lines.map((l) => `${eol}${l}`).join('') };
  }
}

export const yamlWriter: SyntaxWriter = new YamlWriter();

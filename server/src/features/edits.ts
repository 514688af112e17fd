// Structured edits of one event's text, for JSON, NDJSON and YAML: rename a key, replace a value, insert or
// remove a property, nest dotted keys. Every function returns TextEdits in the event's LOCAL offsets and keeps
// the document's own style (indentation, quoting, spacing); `undefined` means no safe edit exists.
import { parseEventDocument } from '../document/eventDocument';
import { EventView, FieldRef } from '../document/fieldRefs';
import type { ArrayNode, DocumentFormat, ObjectNode, PropertyNode, ScalarNode, ValueNode } from '../document/model';
import { eventWith } from '../document/parsedEvent';
import { typePlainScalar } from '../document/yamlScalar';
import type { TextEdit } from './types';
import { lineOf, lineStarts } from '../document/lines';

export type Scalar = string | number | boolean | null;

/** A value's text, or a function giving it for the indentation of the line that holds its key. */
export type ValueText = string | ((keyIndent: string) => string);

// ---------------------------------------------------------------- scalars and keys

const YAML11_BOOL = /^(?:y|yes|n|no|on|off)$/i;

/** Whether a string may be written as a plain YAML scalar and still read back as the same string. */
function plainYamlSafe(value: string): boolean {
  return /^[A-Za-z0-9_][\w./+-]*$/.test(value) && typePlainScalar(value).kind === 'string' && !YAML11_BOOL.test(value);
}

/** A scalar's text in the format; in YAML, a string keeps the quoting style of `like` when it can. */
export function scalarText(value: Scalar, format: DocumentFormat, like?: ValueNode): string {
  if (format !== 'yaml' || typeof value !== 'string') return value === null ? 'null' : JSON.stringify(value);
  const style = like && like.kind === 'string' ? (like as ScalarNode).style : undefined;
  if (style === 'single') return `'${value.replace(/'/g, "''")}'`;
  if (style === 'double') return JSON.stringify(value);
  return plainYamlSafe(value) ? value : JSON.stringify(value);
}

/** A key's text in the format; in YAML, quoted only when it must be (`"@timestamp"`) or was. */
export function keyText(key: string, format: DocumentFormat, like?: PropertyNode, text?: string): string {
  if (format !== 'yaml') return JSON.stringify(key);
  const quote = like && text ? text.charAt(like.keyTokenSpan.start) : '';
  if (quote === "'") return `'${key.replace(/'/g, "''")}'`;
  if (quote === '"') return JSON.stringify(key);
  return /^[A-Za-z_][\w.-]*$/.test(key) && typePlainScalar(key).kind === 'string' ? key : JSON.stringify(key);
}

// ---------------------------------------------------------------- layout of the text

/** The indentation unit the text uses (its smallest indentation step); two spaces when it has none. */
export function indentUnit(text: string): string {
  if (unitOf?.text === text) return unitOf.unit;
  let best: string | undefined;
  for (const match of text.matchAll(/\n([ \t]+)(?=[^ \t\r\n])/g)) {
    const indent = match[1];
    if (indent.startsWith('\t')) {
      best = '\t';
      break;
    }
    if (!best || indent.length < best.length) best = indent;
    if (best.length === 1) break;
  }
  unitOf = { text, unit: best ?? '  ' };
  return unitOf.unit;
}

let unitOf: { text: string; unit: string } | undefined;

/** Line starts of the text edits are computed on last: one scan, then binary searches (long lines stay cheap). */
let indexed: { text: string; starts: number[] } | undefined;

function lineStartOf(text: string, offset: number): number {
  if (indexed?.text !== text) indexed = { text, starts: lineStarts(text) };
  return indexed.starts[lineOf(indexed.starts, offset)];
}

/** The leading whitespace of the line holding `offset`. */
export function lineIndent(text: string, offset: number): string {
  const start = lineStartOf(text, offset);
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

/** The column of `offset` as spaces (YAML keys after `- ` sit deeper than the line's indentation). */
function columnSpaces(text: string, offset: number): string {
  return ' '.repeat(offset - lineStartOf(text, offset));
}

function firstOnLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStartOf(text, offset), offset));
}

/** Searched in place: a copy of a 3 MB object per fix was most of a code-action request's time. */
function spansLines(text: string, node: { start: number; end: number }): boolean {
  const nl = text.indexOf('\n', node.start);
  return nl >= 0 && nl < node.end;
}

/** Re-indents the lines after the first by replacing the `from` prefix with `to`. */
function reindent(value: string, from: string, to: string): string {
  if (from === to || !value.includes('\n')) return value;
  return value.replace(/\n([ \t]*)/g, (_m, ws: string) => `\n${to}${ws.startsWith(from) ? ws.slice(from.length) : ws.slice(Math.min(ws.length, from.length))}`);
}

/**
 * A value's text for writing under another key: as it is, except a YAML block collection, which starts on the next
 * line indented one unit below the new key (inline after `key: ` it would not parse).
 */
export function movedValue(text: string, format: DocumentFormat, node: ValueNode): ValueText {
  const raw = text.slice(node.start, node.end).replace(/\s+$/, '');
  const block = format === 'yaml' && (node.kind === 'object' || node.kind === 'array') && !/^[{[]/.test(raw);
  if (!block) return raw;
  const from = columnSpaces(text, node.start);
  return (keyIndent) => {
    const to = keyIndent + indentUnit(text);
    return `${eolOf(text)}${to}${reindent(raw, from, to)}`;
  };
}

function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

interface JsonStyle {
  colon: string;
  comma: string;
}

/** `": "` or `":"`, `", "` or `","`, as the object writes them. */
function jsonStyle(text: string, object: ObjectNode): JsonStyle {
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
function objectIndent(text: string, object: ObjectNode): string {
  const close = object.end - 1;
  if (text.charAt(close) === '}' && firstOnLine(text, close)) return lineIndent(text, close);
  return lineIndent(text, object.start);
}

function closedObject(text: string, object: ObjectNode): boolean {
  return text.charAt(object.end - 1) === '}';
}

function valueTextFor(value: ValueText, indent: string): string {
  return typeof value === 'string' ? value : value(indent);
}

// ---------------------------------------------------------------- keys and values

/** Renames a key to `newKey` (a plain name or a dotted one), keeping its quoting. */
export function renameKey(text: string, format: DocumentFormat, property: PropertyNode, newKey: string): TextEdit {
  const span = property.keyTokenSpan;
  return { start: span.start, end: span.end, newText: keyText(newKey, format, property, text) };
}

/** Replaces a value by a scalar, keeping the YAML quoting style where it can. */
export function replaceValue(format: DocumentFormat, node: ValueNode, value: Scalar): TextEdit {
  return { start: node.start, end: node.end, newText: scalarText(value, format, node) };
}

/** Wraps a single scalar in an array (`"x"` -> `["x"]`). */
export function wrapInArray(text: string, node: ValueNode): TextEdit | undefined {
  if (node.kind === 'object' || node.kind === 'array' || spansLines(text, node)) return undefined;
  return { start: node.start, end: node.end, newText: `[${text.slice(node.start, node.end)}]` };
}

// ---------------------------------------------------------------- inserting

/** The text of `path: value`, nesting objects for the segments after the first. */
function entryText(format: DocumentFormat, path: readonly string[], value: ValueText, indent: string, unit: string, multiline: boolean, style: JsonStyle): string {
  const [name, ...rest] = path;
  if (format === 'yaml') {
    if (rest.length === 0) {
      const written = valueTextFor(value, indent);
      // A block value (movedValue) starts on its own line: no space after the colon.
      return `${keyText(name, format)}:${/^\r?\n/.test(written) ? '' : ' '}${written}`;
    }
    // Inside a YAML flow map (`{a: 1}`) nested keys stay in flow style: a block there does not parse.
    if (!multiline) return `${keyText(name, format)}: {${entryText(format, rest, value, indent, unit, false, style)}}`;
    const inner = indent + unit;
    return `${keyText(name, format)}:\n${inner}${entryText(format, rest, value, inner, unit, true, style)}`;
  }
  if (rest.length === 0) return `${keyText(name, format)}${style.colon}${valueTextFor(value, indent)}`;
  if (!multiline) return `${keyText(name, format)}${style.colon}{${entryText(format, rest, value, indent, unit, false, style)}}`;
  const inner = indent + unit;
  return `${keyText(name, format)}${style.colon}{\n${inner}${entryText(format, rest, value, inner, unit, true, style)}\n${indent}}`;
}

/**
 * Inserts `path` (nested objects for its segments after the first) with `value` into `object`, first or last.
 * In YAML flow maps and JSON the separators follow the object's own; in YAML block maps the keys' column.
 */
export function insertProperty(
  text: string,
  format: DocumentFormat,
  object: ObjectNode,
  path: readonly string[],
  value: ValueText,
  position: 'first' | 'last' = 'last',
): TextEdit | undefined {
  const props = object.properties;
  if (props.some((p) => !p.value)) return undefined;
  const unit = indentUnit(text);
  const flow = format !== 'yaml' || text.charAt(object.start) === '{';
  if (flow) {
    if (!closedObject(text, object)) return undefined;
    const style = format === 'yaml' ? { colon: ': ', comma: ', ' } : jsonStyle(text, object);
    if (props.length === 0) {
      const multiline = format === 'json' && (spansLines(text, object) || text.trim().includes('\n'));
      if (!multiline) return { start: object.start + 1, end: object.end - 1, newText: entryText(format, path, value, '', unit, false, style) };
      const base = objectIndent(text, object);
      const inner = base + unit;
      return { start: object.start + 1, end: object.end - 1, newText: `\n${inner}${entryText(format, path, value, inner, unit, true, style)}\n${base}` };
    }
    const anchor = position === 'first' ? props[0] : props[props.length - 1];
    const multiline = format === 'json' && spansLines(text, object) && firstOnLine(text, anchor.keyTokenSpan.start);
    const indent = multiline ? lineIndent(text, anchor.keyTokenSpan.start) : '';
    const entry = entryText(format, path, value, indent, unit, multiline, style);
    const gap = multiline ? `\n${indent}` : style.comma.slice(1);
    if (position === 'first') return { start: anchor.keyTokenSpan.start, end: anchor.keyTokenSpan.start, newText: `${entry},${gap}` };
    const end = (anchor.value as ValueNode).end;
    return { start: end, end, newText: `,${gap}${entry}` };
  }
  if (props.length === 0) return undefined;
  const indent = columnSpaces(text, props[0].keyTokenSpan.start);
  const entry = entryText(format, path, value, indent, unit, true, { colon: ': ', comma: ', ' });
  const eol = eolOf(text);
  if (position === 'first') {
    const at = props[0].keyTokenSpan.start;
    return { start: at, end: at, newText: `${entry}${eol}${indent}` };
  }
  const last = props[props.length - 1];
  const end = (last.value as ValueNode).end;
  if (text.charAt(end - 1) === '\n') return { start: end, end, newText: `${indent}${entry}${eol}` };
  const nl = text.indexOf('\n', end);
  if (nl < 0) return { start: text.length, end: text.length, newText: `${eol}${indent}${entry}` };
  const at = text.charAt(nl - 1) === '\r' ? nl - 1 : nl;
  return { start: at, end: at, newText: `${eol}${indent}${entry}` };
}

/** The object an event holds at `path` (nested or dotted), if any; the root for []. */
export function objectAt(view: EventView, path: readonly string[]): ObjectNode | undefined {
  if (path.length === 0) return view.root?.kind === 'object' ? view.root : undefined;
  for (const ref of view.all(path.join('.'))) if (ref.value?.kind === 'object') return ref.value;
  return undefined;
}

/** Whether some key holds a non-object value at `path` (so an object cannot be created there). */
function blockedAt(view: EventView, path: readonly string[]): boolean {
  return view.all(path.join('.')).some((ref) => ref.value?.kind !== 'object');
}

/**
 * Inserts a field into the event at the deepest object that already exists on its path (`schema.version`
 * goes into an existing `schema` object), creating nested objects for the rest, or one dotted key when `dotted`.
 */
export function insertField(
  view: EventView,
  format: DocumentFormat,
  path: readonly string[],
  value: ValueText,
  options: { position?: 'first' | 'last'; dotted?: boolean } = {},
): TextEdit | undefined {
  for (let k = path.length - 1; k >= 0; k--) {
    const prefix = path.slice(0, k);
    const object = objectAt(view, prefix);
    if (!object) {
      if (k > 0 && blockedAt(view, prefix)) return undefined;
      continue;
    }
    const rest = path.slice(k);
    return insertProperty(view.text, format, object, options.dotted ? [rest.join('.')] : rest, value, options.position ?? 'last');
  }
  return undefined;
}

/**
 * Appends scalars at the end of an array in its own layout: a flow array (`[a, b]`, one item per line when it
 * is written so) or a YAML block sequence (`- a` lines at the dashes' column); strings keep the last item's quoting.
 */
export function appendItems(text: string, format: DocumentFormat, array: ArrayNode, values: readonly Scalar[]): TextEdit | undefined {
  if (values.length === 0) return undefined;
  const items = array.items;
  const last = items[items.length - 1];
  const texts = values.map((v) => scalarText(v, format, last));
  if (format !== 'yaml' || text.charAt(array.start) === '[') {
    if (text.charAt(array.end - 1) !== ']') return undefined;
    if (!last) return { start: array.start + 1, end: array.end - 1, newText: texts.join(', ') };
    if (spansLines(text, array) && firstOnLine(text, last.start)) {
      const indent = lineIndent(text, last.start);
      return { start: last.end, end: last.end, newText: texts.map((t) => `,${eolOf(text)}${indent}${t}`).join('') };
    }
    const comma = items.length > 1 && /^\s*,\S/.test(text.slice(items[0].end, items[1].start)) ? ',' : ', ';
    return { start: last.end, end: last.end, newText: texts.map((t) => `${comma}${t}`).join('') };
  }
  const dash = last && /^([ \t]*)-[ \t]+$/.exec(text.slice(lineStartOf(text, last.start), last.start));
  if (!dash) return undefined;
  const eol = eolOf(text);
  const lines = texts.map((t) => `${dash[1]}- ${t}`);
  if (text.charAt(last.end - 1) === '\n') return { start: last.end, end: last.end, newText: lines.map((l) => `${l}${eol}`).join('') };
  const nl = text.indexOf('\n', last.end);
  const at = nl < 0 ? text.length : text.charAt(nl - 1) === '\r' ? nl - 1 : nl;
  return { start: at, end: at, newText: lines.map((l) => `${eol}${l}`).join('') };
}

// ---------------------------------------------------------------- removing

/** Removes a property with its separator; undefined when the object would be left unreadable. */
export function removeProperty(text: string, format: DocumentFormat, object: ObjectNode, property: PropertyNode): TextEdit | undefined {
  const props = object.properties;
  const i = props.indexOf(property);
  if (i < 0 || !property.value) return undefined;
  const next = props[i + 1];
  const flow = format !== 'yaml' || text.charAt(object.start) === '{';
  if (flow) {
    if (props.length === 1) return closedObject(text, object) ? { start: object.start + 1, end: object.end - 1, newText: '' } : undefined;
    if (next) return { start: property.keyTokenSpan.start, end: next.keyTokenSpan.start, newText: '' };
    const previous = props[i - 1].value;
    return previous ? { start: previous.end, end: property.value.end, newText: '' } : undefined;
  }
  if (!firstOnLine(text, property.keyTokenSpan.start)) {
    // The first key of a sequence item (`- key: v`): the next key moves up behind the dash.
    return next ? { start: property.keyTokenSpan.start, end: next.keyTokenSpan.start, newText: '' } : undefined;
  }
  if (props.length === 1) return undefined;
  const start = lineStartOf(text, property.keyTokenSpan.start);
  const valueEnd = property.value.end;
  const nl = text.charAt(valueEnd - 1) === '\n' ? valueEnd - 1 : text.indexOf('\n', valueEnd);
  if (nl >= 0) return { start, end: nl + 1, newText: '' };
  // The last line of the text: drop the line break before it instead.
  const before = start > 0 ? start - (text.charAt(start - 2) === '\r' ? 2 : 1) : 0;
  return { start: before, end: text.length, newText: '' };
}

/** The object that holds a property, searched from the root. */
export function containerOf(root: ValueNode | undefined, property: PropertyNode): ObjectNode | undefined {
  if (!root) return undefined;
  const stack: ValueNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as ValueNode;
    if (node.kind === 'object') {
      if (node.properties.includes(property)) return node;
      for (const p of node.properties) if (p.value) stack.push(p.value);
    } else if (node.kind === 'array') {
      stack.push(...node.items);
    }
  }
  return undefined;
}

// ---------------------------------------------------------------- nesting dotted keys (JSON)

interface Raw {
  kind: 'raw';
  property: PropertyNode;
  /** The entry's name differs from the property's key (the last segment of a dotted key). */
  renamed: boolean;
}

interface Group {
  kind: 'group';
  entries: Map<string, Raw | Group>;
  /** The object this group was read from, printed as it is when nothing in it changes. */
  origin?: ObjectNode;
  /** The property whose value `origin` is (for its indentation). */
  originProperty?: PropertyNode;
  changed: boolean;
}

class Nester {
  private readonly unit: string;

  constructor(
    private readonly text: string,
    /** Only this property is taken apart; undefined: every dotted key, at any depth. */
    private readonly only?: PropertyNode,
  ) {
    this.unit = indentUnit(text);
  }

  /** The object's new text, or undefined when a name would be both a value and an object. */
  rewrite(object: ObjectNode): string | undefined {
    const group = this.build(object);
    if (!group) return undefined;
    const style = jsonStyle(this.text, object);
    const multiline = spansLines(this.text, object);
    return this.print(group, objectIndent(this.text, object), multiline, style);
  }

  private segments(property: PropertyNode): string[] {
    if (this.only && property !== this.only) return [property.key];
    const parts = property.key.split('.');
    return parts.some((p) => p === '') ? [property.key] : parts;
  }

  private build(object: ObjectNode, owner?: PropertyNode): Group | undefined {
    const group: Group = { kind: 'group', entries: new Map(), origin: object, originProperty: owner, changed: false };
    for (const property of object.properties) {
      if (!property.value || !this.add(group, this.segments(property), property)) return undefined;
    }
    return group;
  }

  private add(group: Group, segments: string[], property: PropertyNode): boolean {
    let current = group;
    for (const name of segments.slice(0, -1)) {
      current.changed = true;
      let entry = current.entries.get(name);
      if (!entry) {
        entry = { kind: 'group', entries: new Map(), changed: true };
        current.entries.set(name, entry);
      } else if (entry.kind === 'raw') {
        const converted = this.toGroup(entry);
        if (!converted) return false;
        current.entries.set(name, converted);
        entry = converted;
      }
      current = entry;
    }
    const name = segments[segments.length - 1];
    const existing = current.entries.get(name);
    const value = property.value as ValueNode;
    if (!existing) {
      current.entries.set(name, { kind: 'raw', property, renamed: segments.length > 1 });
      return true;
    }
    if (value.kind !== 'object') return false;
    const target = existing.kind === 'group' ? existing : this.toGroup(existing);
    if (!target) return false;
    current.entries.set(name, target);
    target.changed = true;
    current.changed = true;
    for (const child of value.properties) {
      if (!child.value || !this.add(target, this.segments(child), child)) return false;
    }
    return true;
  }

  private toGroup(raw: Raw): Group | undefined {
    const value = raw.property.value;
    if (value?.kind !== 'object') return undefined;
    const group = this.build(value, raw.property);
    if (group) group.changed = true;
    return group;
  }

  private changed(group: Group): boolean {
    if (group.changed) return true;
    for (const entry of group.entries.values()) if (entry.kind === 'group' && this.changed(entry)) return true;
    return false;
  }

  private print(group: Group, indent: string, multiline: boolean, style: JsonStyle): string {
    if (group.entries.size === 0) return '{}';
    const inner = multiline ? indent + this.unit : '';
    const parts = [...group.entries].map(([name, entry]) => this.entry(name, entry, inner, multiline, style));
    return multiline ? `{\n${inner}${parts.join(`,\n${inner}`)}\n${indent}}` : `{${parts.join(style.comma)}}`;
  }

  private entry(name: string, entry: Raw | Group, indent: string, multiline: boolean, style: JsonStyle): string {
    const key = JSON.stringify(name);
    if (entry.kind === 'raw') {
      const p = entry.property;
      const from = lineIndent(this.text, p.keyTokenSpan.start);
      const value = this.valueText(p.value as ValueNode);
      if (!entry.renamed) return reindent(`${this.text.slice(p.keyTokenSpan.start, (p.value as ValueNode).start)}${value}`, from, indent);
      return `${key}${style.colon}${reindent(value, from, indent)}`;
    }
    if (!this.changed(entry) && entry.origin && entry.originProperty) {
      const from = lineIndent(this.text, entry.originProperty.keyTokenSpan.start);
      return `${key}${style.colon}${reindent(this.valueText(entry.origin), from, indent)}`;
    }
    return `${key}${style.colon}${this.print(entry, indent, multiline, style)}`;
  }

  /** A value's text; when nesting everything, with the dotted keys inside it nested too. */
  private valueText(node: ValueNode): string {
    const raw = this.text.slice(node.start, node.end);
    if (this.only) return raw;
    const edits = this.rewrites(node);
    return edits ? applyEdits(raw, edits.map((e) => ({ ...e, start: e.start - node.start, end: e.end - node.start }))) : raw;
  }

  /** Rewrites of the outermost objects inside `node` that hold dotted keys; undefined on a conflict. */
  rewrites(node: ValueNode): TextEdit[] | undefined {
    const out: TextEdit[] = [];
    const visit = (n: ValueNode): boolean => {
      if (n.kind === 'object') {
        if (n.properties.some((p) => p.key.includes('.') && this.segments(p).length > 1)) {
          const newText = this.rewrite(n);
          if (newText === undefined) return false;
          out.push({ start: n.start, end: n.end, newText });
          return true;
        }
        return n.properties.every((p) => !p.value || visit(p.value));
      }
      if (n.kind === 'array') return n.items.every(visit);
      return true;
    };
    return visit(node) ? out : undefined;
  }
}

/** Nests one dotted key (`"source.ip": x` -> `"source": {"ip": x}`), merging into objects already there. */
export function nestDottedKey(view: EventView, ref: FieldRef): TextEdit | undefined {
  const property = ref.property;
  const parts = property.key.split('.');
  if (!property.value || parts.length < 2 || parts.some((p) => p === '')) return undefined;
  const object = containerOf(view.root, property);
  if (!object || !closedObject(view.text, object)) return undefined;
  if (!object.properties.some((q) => q !== property && q.key === parts[0])) {
    // Nothing to merge into: only this property's text changes (cheap even in an object of 100,000 keys).
    const text = view.text;
    const value = property.value;
    const multiline = spansLines(text, object) && firstOnLine(text, property.keyTokenSpan.start);
    const from = lineIndent(text, property.keyTokenSpan.start);
    const entry = entryText('json', parts, (indent) => reindent(text.slice(value.start, value.end), from, indent), from, indentUnit(text), multiline, jsonStyle(text, object));
    return { start: property.keyTokenSpan.start, end: value.end, newText: entry };
  }
  const newText = new Nester(view.text, property).rewrite(object);
  return newText === undefined ? undefined : minimalEdit(view.text, { start: object.start, end: object.end, newText });
}

/** Nests every dotted key of the event, merging keys that share a prefix into one object. */
export function nestAllDottedKeys(view: EventView): TextEdit[] | undefined {
  const root = view.root;
  if (!root) return undefined;
  const edits = new Nester(view.text).rewrites(root);
  return edits?.map((edit) => minimalEdit(view.text, edit));
}

// ---------------------------------------------------------------- applying

/** Shrinks an edit to the part that really changes (keeps undo and review small). */
export function minimalEdit(text: string, edit: TextEdit): TextEdit {
  const old = text.slice(edit.start, edit.end);
  const neu = edit.newText;
  let head = 0;
  while (head < old.length && head < neu.length && old.charCodeAt(head) === neu.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < old.length - head && tail < neu.length - head && old.charCodeAt(old.length - 1 - tail) === neu.charCodeAt(neu.length - 1 - tail)) tail++;
  return { start: edit.start + head, end: edit.end - tail, newText: neu.slice(head, neu.length - tail) };
}

/** Applies non-overlapping edits to a text (in any order), in one pass: thousands of edits stay linear. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let at = 0;
  for (const edit of sorted) {
    parts.push(text.slice(at, Math.max(at, edit.start)), edit.newText);
    at = Math.max(at, edit.end);
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Whether two edits touch the same text (or insert at one point), so they cannot be applied together. */
export function overlaps(a: TextEdit, b: TextEdit): boolean {
  return a.start < b.end && b.start < a.end || a.start === b.start;
}

/** One step of a composed edit: an edit of the event as it reads after the steps before it. */
export type EditStep = (view: EventView) => TextEdit | TextEdit[] | undefined;

/**
 * Applies steps one after another, re-reading the event between them, and returns the whole change as one
 * minimal edit of the original text; undefined when a step finds nothing to do or its edits collide.
 */
export function composeEdits(view: EventView, format: DocumentFormat, steps: readonly EditStep[]): TextEdit | undefined {
  let text = view.text;
  let current = view;
  for (const step of steps) {
    const result = step(current);
    const edits = result === undefined ? [] : Array.isArray(result) ? result : [result];
    if (edits.length === 0) return undefined;
    if (edits.some((a, i) => edits.some((b, j) => i < j && overlaps(a, b)))) return undefined;
    text = applyEdits(text, edits);
    current = reread(text, format);
  }
  if (text === view.text) return undefined;
  return minimalEdit(view.text, { start: 0, end: view.text.length, newText: text });
}

/** The event a text holds, parsed as the document adapters parse one event. */
export function reread(text: string, format: DocumentFormat): EventView {
  const event = parseEventDocument(text, format).events[0] ?? { index: 0, start: 0, text, root: undefined, errors: [] };
  return new EventView(eventWith(event, { start: 0, text }));
}

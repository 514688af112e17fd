// Structured edits of one event's text, for JSON, NDJSON and YAML: rename a key, replace a value, insert or
// remove a property, nest dotted keys. Every function returns TextEdits in the event's LOCAL offsets and keeps
// the document's own style; the syntax's writer (document/syntax/) decides quoting, escaping and indentation.
import { parseEventDocument } from './eventDocument';
import { EventView, FieldRef } from '../../document/fieldRefs';
import type { DocumentFormat, ObjectNode, PropertyNode, ValueNode } from '../../document/model';
import { eventWith } from './parsedEvent';
import { closedObject, FlowStyle, jsonStyle, jsonWriter, objectIndent } from '../../document/syntaxes/json/jsonWriter';
import { firstOnLine, lineIndent, reindent, spansLines } from '../../document/syntaxes/textLayout';
import { PlainScalar, ValueText, verbatim } from '../../document/syntaxes/writer';
import { keyText, scalarText, writerFor } from '../../document/syntaxes/writerFor';
import type { TextEdit } from '../../features/types';
import { containerOf, movedValue, removeProperty } from '../../document/syntaxes/propertyEdits';

export { containerOf, movedValue, removeProperty };

// ---------------------------------------------------------------- keys and values

/** Renames a key to `newKey` (a plain name or a dotted one), keeping its quoting. */
export function renameKey(text: string, format: DocumentFormat, property: PropertyNode, newKey: string): TextEdit {
  const span = property.keyTokenSpan;
  return { start: span.start, end: span.end, newText: keyText(newKey, format, property, text) };
}

/** Replaces a value by a scalar, keeping the YAML quoting style where it can. */
export function replaceValue(format: DocumentFormat, node: ValueNode, value: PlainScalar): TextEdit {
  return { start: node.start, end: node.end, newText: scalarText(value, format, node) };
}

/** Wraps a single scalar in an array (`"x"` -> `["x"]`). */
export function wrapInArray(text: string, node: ValueNode): TextEdit | undefined {
  if (node.kind === 'object' || node.kind === 'array' || spansLines(text, node)) return undefined;
  return { start: node.start, end: node.end, newText: `[${text.slice(node.start, node.end)}]` };
}

// ---------------------------------------------------------------- inserting

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
    return writerFor(format).insertKey(view.text, object, options.dotted ? [rest.join('.')] : rest, verbatim(value), options.position ?? 'last');
  }
  return undefined;
}

// ---------------------------------------------------------------- removing


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
    this.unit = jsonWriter.indentUnit(text);
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

  private print(group: Group, indent: string, multiline: boolean, style: FlowStyle): string {
    if (group.entries.size === 0) return '{}';
    const inner = multiline ? indent + this.unit : '';
    const parts = [...group.entries].map(([name, entry]) => this.entry(name, entry, inner, multiline, style));
    return multiline ? `{\n${inner}${parts.join(`,\n${inner}`)}\n${indent}}` : `{${parts.join(style.comma)}}`;
  }

  private entry(name: string, entry: Raw | Group, indent: string, multiline: boolean, style: FlowStyle): string {
    const key = jsonWriter.key(name);
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
    const moved = verbatim((indent) => reindent(text.slice(value.start, value.end), from, indent));
    const entry = jsonWriter.entry(parts, moved, { indent: from, unit: multiline ? jsonWriter.indentUnit(text) : '', multiline, ...jsonStyle(text, object) });
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

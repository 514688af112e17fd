// "What is at this offset" for completion and hover: an existing key, a place for a new key, or a value.
// JSON is answered from structure (braces); half-typed YAML from indentation, as the user sees it.
import { EventView, FieldRef, refOf } from './fieldRefs';
import { columnOf, lineOf, lineStarts } from './lines';
import { ArrayNode, ObjectNode, PropertyNode, Span, ValueNode } from './model';

export type PositionContext =
  /** On an existing key; `segment` indexes `ref.path` (the segment under the cursor). */
  | { kind: 'key'; ref: FieldRef; segment: number; objectPath: string[]; typed: string; replace: Span; quoted: boolean }
  /** Where a new key may be typed inside the object at `objectPath`; `typed` is the partial name before the cursor. */
  | { kind: 'newKey'; objectPath: string[]; object: ObjectNode | undefined; typed: string; replace: Span; quoted: boolean }
  /** On (or where the user is about to type) the value of a field; `inArray` when inside an array value. */
  | { kind: 'value'; ref: FieldRef; node: ValueNode | undefined; inArray: boolean; replace: Span }
  | { kind: 'none' };

const NONE: PositionContext = { kind: 'none' };

/** The context at a local `offset` of an event. */
export function contextAt(view: EventView, offset: number, format: 'json' | 'yaml'): PositionContext {
  const root = view.root;
  if (format === 'yaml') {
    const typing = yamlTypingContext(view, offset) ?? yamlValueContext(view, offset);
    if (typing) return typing;
  }
  if (root?.kind !== 'object') {
    return format === 'yaml' && (!root || root.kind === 'null' || root.kind === 'string')
      ? newKey([], undefined, view.text, offset)
      : NONE;
  }
  if (offset < root.start || (format === 'json' && offset >= root.end && view.text.charCodeAt(root.end - 1) === 125)) return NONE;
  return inObject(view, root, [], undefined, offset, format);
}

function inObject(view: EventView, node: ObjectNode, path: string[], parent: FieldRef | undefined, offset: number, format: 'json' | 'yaml'): PositionContext {
  for (const property of node.properties) {
    const ref = refOf(property, path, parent);
    const key = property.keyTokenSpan;
    if (offset >= key.start && offset <= key.end && (offset > key.start || property.key !== '' || format === 'yaml')) {
      return keyContext(view, ref, offset);
    }
    const value = property.value;
    if (value && within(view.text, value, offset)) return inValue(view, ref, value, offset, format);
    if (property.colon !== undefined && offset > property.colon && (!value || offset <= value.start) && sameLine(view.text, property.colon, offset)) {
      return { kind: 'value', ref, node: value, inArray: false, replace: wordAt(view.text, offset) };
    }
  }
  return newKey(path, node, view.text, offset);
}

function inValue(view: EventView, ref: FieldRef, value: ValueNode, offset: number, format: 'json' | 'yaml'): PositionContext {
  if (value.kind === 'object') return inObject(view, value, ref.path, ref, offset, format);
  if (value.kind === 'array') return inArray(view, ref, value, offset, format);
  return { kind: 'value', ref, node: value, inArray: false, replace: { start: value.start, end: value.end } };
}

function inArray(view: EventView, ref: FieldRef, node: ArrayNode, offset: number, format: 'json' | 'yaml'): PositionContext {
  for (const item of node.items) {
    if (!within(view.text, item, offset)) continue;
    if (item.kind === 'object') return inObject(view, item, ref.path, ref, offset, format);
    if (item.kind === 'array') return inArray(view, ref, item, offset, format);
    return { kind: 'value', ref, node: item, inArray: true, replace: { start: item.start, end: item.end } };
  }
  return { kind: 'value', ref, node: undefined, inArray: true, replace: wordAt(view.text, offset) };
}

function keyContext(view: EventView, ref: FieldRef, offset: number): PositionContext {
  let segment = ref.first;
  ref.segments.forEach((span, i) => {
    if (offset >= span.start) segment = ref.first + i;
  });
  const span = ref.pathSpan;
  const quoted = ref.property.keyTokenSpan.start !== span.start;
  const local = ref.segments[segment - ref.first];
  return {
    kind: 'key',
    ref,
    segment,
    objectPath: ref.path.slice(0, ref.first),
    typed: view.text.slice(span.start, Math.min(offset, span.end)),
    replace: { start: span.start, end: Math.max(span.end, local.end) },
    quoted,
  };
}

function newKey(objectPath: string[], object: ObjectNode | undefined, text: string, offset: number): PositionContext {
  const replace = wordAt(text, offset);
  const quoted = text.charCodeAt(replace.start - 1) === 34;
  return { kind: 'newKey', objectPath, object, typed: text.slice(replace.start, offset), replace, quoted };
}

/** A node contains the offset: containers strictly inside their brackets, scalars up to their end. */
function within(text: string, node: ValueNode, offset: number): boolean {
  if (node.kind === 'object' || node.kind === 'array') {
    const closed = text.charCodeAt(node.end - 1) === (node.kind === 'object' ? 125 : 93);
    // A YAML block mapping starts at its first key: a caret there (`destination:\n  |port: 1`) is inside it.
    const opens = node.kind === 'object' && text.charCodeAt(node.start) !== 123 ? offset >= node.start : offset > node.start;
    return opens && (offset < node.end || (offset === node.end && !closed));
  }
  return offset >= node.start && offset <= node.end;
}

function sameLine(text: string, from: number, to: number): boolean {
  return !text.slice(from, to).includes('\n');
}

/** The name-like word around the offset (letters, digits, _, ., @, -). */
export function wordAt(text: string, offset: number): Span {
  let start = offset;
  let end = offset;
  while (start > 0 && /[\w.@-]/.test(text[start - 1])) start--;
  while (end < text.length && /[\w.@-]/.test(text[end])) end++;
  return { start, end };
}

// ---- YAML while typing: the line holds only indentation (and maybe `- ` and a partial word) ----

const typingLine = /^([ \t]*)(-[ \t]+)?([\w.@-]*)$/;

function yamlTypingContext(view: EventView, offset: number): PositionContext | undefined {
  const text = view.text;
  const starts = view.slice.lineStarts ?? (view.slice.lineStarts = lineStarts(text));
  const line = lineOf(starts, offset);
  const lineStart = starts[line];
  const lineEnd = line + 1 < starts.length ? starts[line + 1] - 1 : text.length;
  const match = typingLine.exec(text.slice(lineStart, offset));
  const rest = text.slice(offset, lineEnd);
  if (!match || /:/.test(rest)) return undefined;
  const indent = match[1].length;
  const dash = match[2];
  const column = indent + (dash ? dash.length : 0);
  const root = view.root;
  // Find the innermost property whose key sits left of the cursor's column on an earlier line.
  let path: string[] = [];
  let parent: FieldRef | undefined;
  let object: ObjectNode | undefined = root?.kind === 'object' ? root : undefined;
  let owner: FieldRef | undefined;
  for (;;) {
    if (!object) break;
    const before = object.properties.filter((p) => lineOf(starts, p.keyTokenSpan.start) < line);
    const last = before[before.length - 1];
    if (!last || columnOf(starts, last.keyTokenSpan.start) >= (dash ? indent + 1 : column)) break;
    const ref = refOf(last, path, parent);
    owner = ref;
    path = ref.path;
    parent = ref;
    object = lastObject(last, starts, line);
    if (!object) break;
  }
  const replace = { start: offset - match[3].length, end: offset + (/^[\w.@-]*/.exec(rest)?.[0].length ?? 0) };
  const ownerValue = owner?.value;
  const objectItems = ownerValue?.kind === 'array' && ownerValue.items.some((i) => i.kind === 'object');
  if (dash && owner && !objectItems && (!ownerValue || ownerValue.kind === 'array' || ownerValue.kind === 'null')) {
    const item = ownerValue?.kind === 'array' ? ownerValue.items.find((i) => i.start <= offset && offset <= i.end && i.kind !== 'object') : undefined;
    return { kind: 'value', ref: owner, node: item, inArray: true, replace };
  }
  if (!owner && path.length === 0 && root && root.kind !== 'object' && root.kind !== 'null' && !(root.kind === 'string' && root.style === 'plain')) return undefined;
  return { kind: 'newKey', objectPath: path, object, typed: match[3], replace, quoted: false };
}

const valueLine = /^([ \t]*(?:-[ \t]+)?)([^\s:#'"{[][^:#]*):(?:[ \t]+([^\s#'"[{][^#]*)?)?$/;

/** After `key: ` on the same line, while the value is missing or being typed: the value of that key. */
function yamlValueContext(view: EventView, offset: number): PositionContext | undefined {
  const text = view.text;
  const starts = view.slice.lineStarts ?? (view.slice.lineStarts = lineStarts(text));
  const lineStart = starts[lineOf(starts, offset)];
  const match = valueLine.exec(text.slice(lineStart, offset));
  if (!match || view.root?.kind !== 'object') return undefined;
  const key = contextAt(view, lineStart + match[1].length + 1, 'yaml');
  if (key.kind !== 'key') return undefined;
  const value = key.ref.value;
  const node = value && value.kind !== 'object' && value.kind !== 'array' && value.start <= offset ? value : undefined;
  return { kind: 'value', ref: key.ref, node, inArray: false, replace: node ? { start: node.start, end: node.end } : wordAt(text, offset) };
}

/** The object a property's value opens (the last object item of an array value before `line`). */
function lastObject(property: PropertyNode, starts: number[], line: number): ObjectNode | undefined {
  const value = property.value;
  if (value?.kind === 'object') return value;
  if (value?.kind === 'array') {
    const objects = value.items.filter((i): i is ObjectNode => i.kind === 'object' && lineOf(starts, i.start) <= line);
    return objects[objects.length - 1];
  }
  return undefined;
}

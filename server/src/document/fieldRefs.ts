// Field references: every key of an event as a schema path, however it was spelt (nested or dotted).
import { EventSlice, ObjectNode, PropertyNode, Span, ValueNode } from './model';

export interface FieldRef {
  /** Full path, ancestors included: ["source", "geo", "city_name"]. */
  path: string[];
  /** Index in `path` of the first segment this key names (`geo.city_name` under `source` => 1). */
  first: number;
  /** One span per segment this key names (path.length - first spans), local offsets. */
  segments: Span[];
  /** The key's text span (without quotes). */
  pathSpan: Span;
  property: PropertyNode;
  value?: ValueNode;
  role: 'key';
  /** The key itself contains a dot (`"source.ip"`). */
  dotted: boolean;
  /** The reference of the enclosing key, if any. */
  parent?: FieldRef;
}

/** Every field reference of an event, in document order. */
export function collectFieldRefs(root: ValueNode | undefined): FieldRef[] {
  const out: FieldRef[] = [];
  if (root?.kind === 'object') visitObject(root, [], undefined, out);
  return out;
}

function visitObject(node: ObjectNode, prefix: string[], parent: FieldRef | undefined, out: FieldRef[]): void {
  for (const property of node.properties) {
    const ref = refOf(property, prefix, parent);
    out.push(ref);
    visitValue(property.value, ref.path, ref, out);
  }
}

function visitValue(value: ValueNode | undefined, path: string[], parent: FieldRef, out: FieldRef[]): void {
  if (value?.kind === 'object') visitObject(value, path, parent, out);
  else if (value?.kind === 'array') for (const item of value.items) visitValue(item, path, parent, out);
}

export function refOf(property: PropertyNode, prefix: string[], parent: FieldRef | undefined): FieldRef {
  const names = property.key.split('.');
  const span = property.keySpan;
  // Segment spans are exact when the key has no escapes; otherwise each segment spans the whole key.
  const exact = span.end - span.start === property.key.length;
  const segments: Span[] = [];
  let at = span.start;
  for (const name of names) {
    segments.push(exact ? { start: at, end: at + name.length } : { ...span });
    at += name.length + 1;
  }
  return {
    path: [...prefix, ...names],
    first: prefix.length,
    segments,
    pathSpan: span,
    property,
    value: property.value,
    role: 'key',
    dotted: names.length > 1,
    parent,
  };
}

/** An event with its references indexed by path, the view every feature works on. */
export class EventView {
  readonly refs: FieldRef[];
  private index?: Map<string, FieldRef[]>;

  constructor(readonly slice: EventSlice) {
    this.refs = collectFieldRefs(slice.root);
  }

  get root(): ValueNode | undefined {
    return this.slice.root;
  }

  get text(): string {
    return this.slice.text;
  }

  /** Every reference to a dotted path (a path can be written twice, nested and dotted). */
  all(path: string): FieldRef[] {
    if (!this.index) {
      this.index = new Map();
      for (const ref of this.refs) {
        const key = ref.path.join('.');
        const list = this.index.get(key);
        if (list) list.push(ref);
        else this.index.set(key, [ref]);
      }
    }
    return this.index.get(path) ?? [];
  }

  /** The first reference to a path. */
  get(path: string): FieldRef | undefined {
    return this.all(path)[0];
  }

  /** The value at a path, if the event gives one. */
  value(path: string): ValueNode | undefined {
    return this.get(path)?.value;
  }
}

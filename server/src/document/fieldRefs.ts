// Field references: every key of an event as a schema path, however it was spelt (nested or dotted).
import { EventSlice, ObjectNode, PropertyNode, Span, ValueNode } from './model';

/**
 * One key of an event. Built for every key of every event before any diagnostic runs, so it holds what almost
 * every reader needs (the path, as an array and joined) and computes the rest (segment spans) on first use.
 */
export class FieldRef {
  /** Full path, ancestors included: ["source", "geo", "city_name"]. */
  readonly path: string[];
  /** `path` joined with dots (`source.geo.city_name`): extended from the parent's, never joined again. */
  readonly joinedPath: string;
  /** Index in `path` of the first segment this key names (`geo.city_name` under `source` => 1). */
  readonly first: number;
  readonly property: PropertyNode;
  /** The key itself contains a dot (`"source.ip"`). */
  readonly dotted: boolean;
  /** The reference of the enclosing key, if any. */
  readonly parent: FieldRef | undefined;
  /** Position among its event's references (document order); -1 for a reference built outside an EventView. */
  readonly index: number;
  private spans?: Span[];

  constructor(property: PropertyNode, prefix: readonly string[], parent: FieldRef | undefined, index: number) {
    const key = property.key;
    this.dotted = key.includes('.');
    const path = this.dotted ? extended(prefix, key.split('.')) : extended(prefix, [key]);
    this.path = path;
    // The parent's path is the prefix whenever refs are collected from a tree: extend its joined string.
    this.joinedPath = prefix.length === 0 ? key : parent && parent.path === prefix ? joinedChild(parent.joinedPath, key) : path.join('.');
    this.first = prefix.length;
    this.property = property;
    this.parent = parent;
    this.index = index;
  }

  // Read through the property rather than copied: a few words less on every key of every event.
  /** The key's text span (without quotes). */
  get pathSpan(): Span {
    return this.property.keySpan;
  }

  get value(): ValueNode | undefined {
    return this.property.value;
  }

  get role(): 'key' {
    return 'key';
  }

  /** One span per segment this key names (path.length - first spans), local offsets. */
  get segments(): Span[] {
    return (this.spans ??= segmentSpans(this.property, this.path.length - this.first));
  }
}

// Joined paths interned per parent path and key: documents repeat the same few hundred paths, and an interned string
// is hashed once, not again by every index and rule that looks it up (a bound keeps odd documents from growing it).
const joinedPaths = new Map<string, Map<string, string>>();
const MAX_JOINED = 50_000;
let joinedCount = 0;

function joinedChild(parent: string, key: string): string {
  let children = joinedPaths.get(parent);
  const known = children?.get(key);
  if (known !== undefined) return known;
  const joined = `${parent}.${key}`;
  if (joinedCount < MAX_JOINED) {
    if (!children) joinedPaths.set(parent, (children = new Map()));
    children.set(key, joined);
    joinedCount++;
  }
  return joined;
}

/** `prefix` followed by `names`, allocated at its final size: this runs for every key, and slice-then-push reallocates. */
function extended(prefix: readonly string[], names: readonly string[]): string[] {
  const n = prefix.length;
  const path = new Array<string>(n + names.length);
  for (let i = 0; i < n; i++) path[i] = prefix[i];
  for (let i = 0; i < names.length; i++) path[n + i] = names[i];
  return path;
}

/** Segment spans are exact when the key has no escapes; otherwise each segment spans the whole key. */
function segmentSpans(property: PropertyNode, count: number): Span[] {
  const span = property.keySpan;
  const exact = span.end - span.start === property.key.length;
  if (count === 1) return [{ start: span.start, end: span.end }];
  const segments: Span[] = [];
  let at = span.start;
  for (const name of property.key.split('.')) {
    segments.push(exact ? { start: at, end: at + name.length } : { start: span.start, end: span.end });
    at += name.length + 1;
  }
  return segments;
}

/** Every field reference of an event, in document order. */
export function collectFieldRefs(root: ValueNode | undefined): FieldRef[] {
  const out: FieldRef[] = [];
  if (root?.kind === 'object') visitObject(root, [], undefined, out);
  return out;
}

function visitObject(node: ObjectNode, prefix: string[], parent: FieldRef | undefined, out: FieldRef[]): void {
  for (const property of node.properties) {
    const ref = new FieldRef(property, prefix, parent, out.length);
    out.push(ref);
    const value = property.value;
    if (value && (value.kind === 'object' || value.kind === 'array')) visitValue(value, ref.path, ref, out);
  }
}

function visitValue(value: ValueNode, path: string[], parent: FieldRef, out: FieldRef[]): void {
  if (value.kind === 'object') visitObject(value, path, parent, out);
  else if (value.kind === 'array') for (const item of value.items) visitValue(item, path, parent, out);
}

/** The reference of one key under `prefix` (the path of `parent`, when there is one), outside any EventView. */
export function refOf(property: PropertyNode, prefix: string[], parent: FieldRef | undefined): FieldRef {
  return new FieldRef(property, prefix, parent, -1);
}

// One shared empty answer (most lookups find nothing), typed readonly so no caller can change it; not frozen, as
// a frozen array takes V8 off its fast array iteration in every rule that loops over an answer.
const NONE: readonly FieldRef[] = [];

/** An event with its references indexed by path, the view every feature works on. */
export class EventView {
  readonly refs: FieldRef[];
  private index?: PathIndex;
  private byRoot?: Map<string, FieldRef[]>;

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
  all(path: string): readonly FieldRef[] {
    return (this.index ??= indexByPath(this.refs)).refs.get(path) ?? NONE;
  }

  /** Whether the event writes anything at or below a dotted path (`source.user`): rules skip absent places at once. */
  holds(path: string): boolean {
    const index = (this.index ??= indexByPath(this.refs));
    return index.refs.has(path) || index.dottedPrefixes?.has(path) === true;
  }

  /** Every reference whose path starts with the root name `name` (the `client` key, `client.ip`, ...), in document order. */
  under(name: string): readonly FieldRef[] {
    return (this.byRoot ??= groupByRoot(this.refs)).get(name) ?? NONE;
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

interface PathIndex {
  refs: Map<string, FieldRef[]>;
  /** Paths no key names but a dotted key passes through (`source.geo` for `"source.geo.city_name"`); most events have none. */
  dottedPrefixes?: Set<string>;
}

function indexByPath(refs: readonly FieldRef[]): PathIndex {
  const index: PathIndex = { refs: new Map(), dottedPrefixes: undefined };
  for (const ref of refs) {
    const list = index.refs.get(ref.joinedPath);
    if (list) list.push(ref);
    else index.refs.set(ref.joinedPath, [ref]);
    // Every other ancestor is a key of its own (the parent's path is the parent key's).
    if (ref.dotted) for (let end = ref.first + 1; end < ref.path.length; end++) (index.dottedPrefixes ??= new Set()).add(ref.path.slice(0, end).join('.'));
  }
  return index;
}

function groupByRoot(refs: readonly FieldRef[]): Map<string, FieldRef[]> {
  const groups = new Map<string, FieldRef[]>();
  for (const ref of refs) {
    const name = ref.path[0];
    const list = groups.get(name);
    if (list) list.push(ref);
    else groups.set(name, [ref]);
  }
  return groups;
}

// Field references: every place a file names a schema field, however it was spelt. In an event document each key
// is one (nested or dotted); other file kinds name fields in option values, patterns, templates and scripts (NamedRef).
import { EventSlice, ObjectNode, PropertyNode, Span, ValueNode } from './model';

/**
 * How a reference is written: an event's key, a whole option value, a name inside a template, pattern or script, a
 * name a mapping declares (a key under `properties`: its value is the field's mapping, not the field's value), or a
 * field reference a condition tests (Logstash's `[source][ip]` in an `if`).
 */
export type RefRole = 'key' | 'name' | 'template' | 'pattern' | 'script' | 'declared' | 'selector';

/** Whether the file reads the field there or writes it (an event's keys are all writes). */
export type RefAccess = 'read' | 'write';

/**
 * One key of an event. Built for every key of every event before any diagnostic runs, so it holds only what almost
 * every reader needs (the joined path, the parent, the depth) and builds the rest (the path array, segment spans) on first use.
 */
export class FieldRef {
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
  /** What few readers need, made on first use: one slot on every key instead of three. */
  protected extras?: Extras;

  /**
   * `prefix` defaults to the parent's path (the keys of a tree); pass it when the reference stands elsewhere. `names`:
   * the key split at its dots, when the caller has it already.
   */
  constructor(property: PropertyNode, parent: FieldRef | undefined, index: number, prefix?: readonly string[], names?: string[]) {
    const key = property.key;
    this.property = property;
    this.parent = parent;
    this.index = index;
    this.dotted = key.includes('.');
    const own = this.dotted ? names ?? key.split('.') : undefined;
    if (prefix === undefined || (parent ? parent.extras?.path === prefix : prefix.length === 0)) {
      this.first = parent ? parent.depth : 0;
      this.joinedPath = parent ? joinedChild(parent.joinedPath, key) : key;
      if (own && !parent) this.extras = new Extras(own);
    } else {
      this.first = prefix.length;
      const path = extended(prefix, own ?? [key]);
      this.extras = new Extras(path);
      this.joinedPath = path.join('.');
    }
  }

  /** `path.length`, known without building the path of an undotted key. */
  get depth(): number {
    return this.dotted ? this.path.length : this.first + 1;
  }

  /** Full path, ancestors included: ["source", "geo", "city_name"] (built on first use: most keys never need it). */
  get path(): string[] {
    const extras = (this.extras ??= new Extras());
    return (extras.path ??= this.parent ? extended(this.parent.path, this.dotted ? this.property.key.split('.') : [this.property.key]) : [this.property.key]);
  }

  /** The name of path segment `i` (`path[i]`), without building the path for a key's own single segment. */
  nameAt(i: number): string {
    const path = this.extras?.path;
    if (path) return path[i];
    if (i < this.first && this.parent) return this.parent.nameAt(i);
    return this.dotted ? this.path[i] : this.property.key;
  }

  /** This reference alone in a list: what `EventView.all` answers for a path written once (made when first asked). */
  asList(): readonly FieldRef[] {
    const extras = (this.extras ??= new Extras());
    return (extras.alone ??= [this]);
  }

  /** The last segment's name (`city_name`). */
  get lastName(): string {
    return this.dotted ? this.path[this.path.length - 1] : this.property.key;
  }

  // Read through the property rather than copied: a few words less on every key of every event.
  /** The key's text span (without quotes). */
  get pathSpan(): Span {
    return this.property.keySpan;
  }

  get value(): ValueNode | undefined {
    return this.property.value;
  }

  get role(): RefRole {
    return 'key';
  }

  get access(): RefAccess {
    return 'write';
  }

  /** One span per segment this key names (path.length - first spans), local offsets. */
  get segments(): Span[] {
    const extras = (this.extras ??= new Extras());
    return (extras.spans ??= segmentSpans(this.property, this.depth - this.first));
  }
}

/**
 * A class, all slots made at once: every instance has one shape, so the code reading a pipeline's thousands of
 * references stays optimised (fields given one by one in different orders make several shapes).
 */
class Extras {
  spans: Span[] | undefined = undefined;
  alone: readonly FieldRef[] | undefined = undefined;
  constructor(public path: string[] | undefined = undefined) {}
}

// Joined paths interned per parent path and key: documents repeat the same few hundred paths, and an interned string
// is hashed once, not again by every index and rule that looks it up (a bound keeps odd documents from growing it).
const joinedPaths = new Map<string, Map<string, string>>();
const MAX_JOINED = 50_000;
let joinedCount = 0;

/**
 * `parent.key`, the same string object every time (the one field references carry): a rule that asks for
 * `${prefix}.domain` on every event would otherwise build a new string and hash it again for each lookup.
 */
export function childPath(parent: string, key: string): string {
  return joinedChild(parent, key);
}

function joinedChild(parent: string, key: string): string {
  let children = joinedPaths.get(parent);
  const known = children?.get(key);
  if (known !== undefined) return known;
  const joined = `${parent}.${key}`;
  if (joinedCount < MAX_JOINED) {
    if (!children) joinedPaths.set(parent, (children = new Map<string, string>()));
    children.set(key, joined);
    joinedCount++;
  }
  return joined;
}

/** A root path joined with dots, the interned string of `childPath`. */
function joinedRoot(path: readonly string[]): string {
  let joined = path[0] ?? '';
  for (let i = 1; i < path.length; i++) joined = joinedChild(joined, path[i]);
  return joined;
}

/** `prefix` followed by `names`, allocated at its final size: slice-then-push reallocates. */
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

/**
 * A reference that is not an object key: `field: source.ip`, `%{IP:source.ip}`, `{{source.ip}}`, `ctx.source?.ip`.
 * It stands at the root (its path is whole) and carries one span per segment in the file's own characters, so
 * rules that read names only (refInfo.ts) judge it exactly as the same dotted key of an event. With a `parent`
 * (a field definition's group) it names only the segments after the parent's, as a nested key does, and the
 * parent's verdict carries to it.
 */
export class NamedRef extends FieldRef {
  /** One span per segment: its own (a key's are found in the key; these may stand apart, in a pattern or a script). */
  private readonly spans: Span[];

  constructor(
    path: readonly string[],
    segments: readonly Span[],
    private readonly how: RefRole,
    private readonly reads: RefAccess,
    index: number,
    /** What else the adapter knows of the place (the processor option, a grok capture's type, ...). */
    readonly detail: NamedRefDetail = {},
    /** The reference whose path this one's starts with; `segments` are then the ones after it. */
    parent?: FieldRef,
  ) {
    // At the root, the joined name is interned (`childPath`): no new string per reference of a name written before.
    const key = parent ? path.slice(parent.depth).join('.') : joinedRoot(path);
    const first = segments[0];
    const last = segments[segments.length - 1];
    // One segment spans the whole name: its span is the name's (spans are never changed).
    const span = segments.length === 1 ? first : { start: first.start, end: last.end };
    // A path at the root is the key split at its dots: taken as given unless a name holds a dot itself (`ctx['source.ip']`).
    super({ key, keySpan: span, keyTokenSpan: span }, parent, index, undefined, parent || path.some((n) => n.includes('.')) ? undefined : (path as string[]));
    // Shared, not copied, and a field of its own (no `extras` for an undotted name): a pipeline holds tens of thousands.
    this.spans = segments as Span[];
  }

  override get segments(): Span[] {
    return this.spans;
  }

  override get role(): RefRole {
    return this.how;
  }

  override get access(): RefAccess {
    return this.reads;
  }
}

/**
 * A name a mapping declares: a key under `properties` (nested below its enclosing field's key, or dotted), or under
 * `runtime`. Its key's value is the field's mapping, not a value of the field: rules that read values see what an
 * event would hold there, the object of its sub-fields (`properties`) for an object, nothing for a leaf.
 */
export class DeclaredRef extends FieldRef {
  constructor(property: PropertyNode, parent: FieldRef | undefined, index: number, private readonly holds: ObjectNode | undefined) {
    super(property, parent, index);
  }

  override get value(): ValueNode | undefined {
    return this.holds;
  }

  override get role(): RefRole {
    return 'declared';
  }
}

export interface NamedRefDetail {
  /** The processor and option that name it (`rename`, `target_field`), for hover and fixes. */
  processor?: string;
  option?: string;
  /** A grok capture's type (`long` in `%{NUMBER:source.bytes:long}`). */
  captureType?: string;
  /** The script or processor removes the field (`remove`, `ctx.a.remove('b')`). */
  removes?: boolean;
  /** One literal key with dots in it (`ctx['source.ip']`, `dot_expander`), not a path walked segment by segment. */
  literalDotted?: boolean;
  /** Written by default (the processor names no target): its segments are the processor's name, not its own. */
  implied?: boolean;
  /** The name holds an object (a group of definitions, a target a processor fills): a namespace, never a value. */
  object?: boolean;
}

/** Every field reference of an event, in document order. */
export function collectFieldRefs(root: ValueNode | undefined): FieldRef[] {
  const out: FieldRef[] = [];
  if (root?.kind === 'object') visitObject(root, undefined, out);
  return out;
}

function visitObject(node: ObjectNode, parent: FieldRef | undefined, out: FieldRef[]): void {
  const properties = node.properties;
  for (let i = 0; i < properties.length; i++) {
    const property = properties[i];
    const ref = new FieldRef(property, parent, out.length);
    out.push(ref);
    const value = property.value;
    if (value !== undefined && (value.kind === 'object' || value.kind === 'array')) visitValue(value, ref, out);
  }
}

function visitValue(value: ValueNode, parent: FieldRef, out: FieldRef[]): void {
  if (value.kind === 'object') visitObject(value, parent, out);
  else if (value.kind === 'array') for (const item of value.items) visitValue(item, parent, out);
}

/** The reference of one key under `prefix` (the path of `parent`, when there is one), outside any EventView. */
export function refOf(property: PropertyNode, prefix: string[], parent: FieldRef | undefined): FieldRef {
  return new FieldRef(property, parent, -1, prefix);
}

// One shared empty answer (most lookups find nothing), typed readonly so no caller can change it; not frozen, as
// a frozen array takes V8 off its fast array iteration in every rule that loops over an answer.
const NONE: readonly FieldRef[] = [];

/** An event with its references indexed by path, the view every feature works on. */
export class EventView {
  readonly refs: FieldRef[];
  private index?: PathIndex;
  private byRoot?: Map<string, readonly FieldRef[]>;
  private rootNames?: string[];

  /** Read once: an event's tree may be rebuilt on each read (parsedEvent.ts), and the refs point into this one. */
  readonly root: ValueNode | undefined;

  /**
   * `refs` for a file kind whose references are not the slice's keys (an ingest pipeline's written names). A reference
   * with a parent stands at its `index`; one at the root may have been made for another view (a pipeline keeps them).
   */
  constructor(readonly slice: EventSlice, refs?: FieldRef[]) {
    this.root = slice.root;
    this.refs = refs ?? collectFieldRefs(this.root);
  }

  get text(): string {
    return this.slice.text;
  }

  /** Every reference to a dotted path (a path can be written twice, nested and dotted). */
  all(path: string): readonly FieldRef[] {
    const found = (this.index ??= indexByPath(this.refs)).refs.get(path);
    return found === undefined ? NONE : found instanceof FieldRef ? found.asList() : found;
  }

  /** Whether the event writes anything at or below a dotted path (`source.user`): rules skip absent places at once. */
  holds(path: string): boolean {
    const index = (this.index ??= indexByPath(this.refs));
    if (index.refs.has(path)) return true;
    // Made on the first question that needs it: only the rules that read values ask, and a pipeline's written view
    // (thousands of dotted names, a prefix string each per segment) is never asked.
    index.dottedPrefixes ??= dottedPrefixesOf(this.refs);
    return index.dottedPrefixes.has(path);
  }

  /** Every reference whose path starts with the root name `name` (the `client` key, `client.ip`, ...), in document order. */
  under(name: string): readonly FieldRef[] {
    // Listed per name asked (a few sides of an event), not for every root name the event writes.
    const byRoot = (this.byRoot ??= new Map<string, readonly FieldRef[]>());
    let found = byRoot.get(name);
    if (found === undefined) byRoot.set(name, (found = refsUnder(this.refs, (this.rootNames ??= rootNamesOf(this.refs)), name)));
    return found;
  }

  /** The first reference to a path. */
  get(path: string): FieldRef | undefined {
    const found = (this.index ??= indexByPath(this.refs)).refs.get(path);
    return found === undefined || found instanceof FieldRef ? found : found[0];
  }

  /** The value at a path, if the event gives one. */
  value(path: string): ValueNode | undefined {
    return this.get(path)?.value;
  }
}

interface PathIndex {
  /** The reference of each path, or its references when the event writes it more than once (rare: no list per key). */
  refs: Map<string, FieldRef | FieldRef[]>;
  /** Paths no key names but a dotted key passes through (`source.geo` for `"source.geo.city_name"`); most events have none. */
  dottedPrefixes?: Set<string>;
}

function indexByPath(refs: readonly FieldRef[]): PathIndex {
  const index: PathIndex = { refs: new Map(), dottedPrefixes: undefined };
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i];
    const known = index.refs.get(ref.joinedPath);
    if (known === undefined) index.refs.set(ref.joinedPath, ref);
    else if (known instanceof FieldRef) index.refs.set(ref.joinedPath, [known, ref]);
    else known.push(ref);
  }
  return index;
}

function dottedPrefixesOf(refs: readonly FieldRef[]): Set<string> {
  const prefixes = new Set<string>();
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i];
    // Every other ancestor is a key of its own (the parent's path is the parent key's).
    if (ref.dotted) for (let end = ref.first + 1; end < ref.depth; end++) prefixes.add(ref.path.slice(0, end).join('.'));
  }
  return prefixes;
}

/** Each reference's root name (`nameAt(0)`), taken from its parent's where the parent came before it in the list. */
function rootNamesOf(refs: readonly FieldRef[]): string[] {
  const out = new Array<string>(refs.length);
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i];
    const parent = ref.parent;
    const at = parent ? parent.index : -1;
    out[i] = at >= 0 && at < i && refs[at] === parent ? out[at] : ref.nameAt(0);
  }
  return out;
}

function refsUnder(refs: readonly FieldRef[], rootNames: readonly string[], name: string): readonly FieldRef[] {
  let out: FieldRef[] | undefined;
  for (let i = 0; i < refs.length; i++) if (rootNames[i] === name) (out ??= []).push(refs[i]);
  return out ?? NONE;
}

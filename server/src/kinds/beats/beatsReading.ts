// What one parsed piece of a Beats configuration names (the whole text, the skeleton of a large one, or one processor
// of it: beatsUnits.ts), in that piece's own offsets: the processors and their options, the conditions, the objects
// whose keys are field names, the constants written to fields, and every field reference (NamedRef). Settings that
// are not event fields (`output.*`, `setup.*`, an input's own options) are passed over; `processors` lists anywhere
// and the `fields` of an input (under `fields.`, or at the root with `fields_under_root`) are read.
import type { BeatsOptionSpec, BeatsProcessorSpec, BeatsProcessorTable } from '../../catalog/beatsProcessors';
import { ownName } from '../../document/compact';
import { NamedRef, NamedRefDetail, RefAccess, RefRole } from '../../document/fieldRefs';
import type { ArrayNode, ObjectNode, PropertyNode, Span, SyntaxProblem, ValueNode } from '../../document/model';
import { decodeString, mapRange, StringSource } from '../../document/syntaxes/stringOffsets';
import { touchesTag } from './templateMask';

/** One part of a key that Beats reads as nesting (`when.equals.event.code`: four). */
export interface KeySegment {
  name: string;
  span: Span;
}

/** Names put before the names an option writes (a target, a default target); `spans` are where each is written. */
export interface Prefix {
  names: readonly string[];
  spans: readonly Span[];
}

/** A name at a level where it names nothing (an option, a condition): with the names that level knows. */
export interface UnknownName {
  span: Span;
  name: string;
  known: readonly string[];
  /** How the level reads in a message: `the rename processor`, `rename's fields`, `a condition`. */
  where: string;
}

export interface OptionEntry {
  /** Dotted from the processor (`fields.from`, `netinfo.enabled`). */
  path: string;
  spec: BeatsOptionSpec;
  /** The key segment that names it. */
  keySpan: Span;
  /** The key it is written in (the whole key, dotted or not). */
  property: PropertyNode;
  value: ValueNode | undefined;
  /** The item of an `objects` option it belongs to (`rename.fields[i]`). */
  item: ObjectNode | undefined;
  /** The parts of its key after its own (`fields.event.kind` under add_fields: `event`, `kind`), read by its kind. */
  rest: readonly KeySegment[];
  /** The names its value's names are put under (its `relativeTo`), once read; undefined when they name no field. */
  prefix?: Prefix;
}

/** An object whose keys are options of one level: completion offers that level's names there. */
export interface OptionLevel {
  node: ObjectNode;
  /** The option path of the level ('' for the processor's own options). */
  path: string;
  options: Readonly<Record<string, BeatsOptionSpec>>;
  site: ProcessorSite;
}

export interface ProcessorSite {
  name: string;
  /** The key that names it: `rename`, or `drop_event.when.and` with an option path in the key. */
  key: PropertyNode;
  nameSpan: Span;
  /** The item of its list. */
  holder: ObjectNode;
  spec: BeatsProcessorSpec | undefined;
  /** Its options object, when the key's value is one. */
  options: ObjectNode | undefined;
  entries: OptionEntry[];
  /** The other processor keys of an item holding several (Beats takes one per item). */
  siblings: readonly string[];
  /** Written as a list item's bare word (`- add_locale`). */
  bare: boolean;
  /** Its options are a template's (`cache: {{options}}`): what they hold is not known. */
  templated: boolean;
}

/** An if/then/else item. */
export interface ControlSite {
  holder: ObjectNode;
  /** The `if` key. */
  key: PropertyNode;
}

/** An object whose keys are condition names (`when:`, `and:` items). */
export interface ConditionLevel {
  node: ObjectNode;
}

/** An object whose keys are field names: add_fields' `fields`, a condition's `equals`, an input's `fields`. */
export interface NameLevel {
  node: ObjectNode;
  prefix: Prefix;
  access: RefAccess;
  /** The keys read as one dotted key below the prefix (add_labels). */
  flattened: boolean;
  /** The keys hold constants written to the fields they name. */
  constants: boolean;
}

/** A constant written to a field (add_fields, add_labels, an input's `fields`). */
export interface WrittenValue {
  path: readonly string[];
  node: ValueNode;
  /** Its values (a list's items, flattened), those a template writes left out. */
  elements: readonly ValueNode[];
  /** The processor (`add_fields`), or undefined for an input's own `fields`. */
  processor: string | undefined;
}

/** A `processors:` list. */
export interface ListSite {
  node: ArrayNode;
  /** Its key; undefined for then/else lists. */
  key: PropertyNode | undefined;
}

export interface BeatsReading {
  /** The piece's masked text: the nodes' offsets are in it. */
  text: string;
  root: ValueNode | undefined;
  errors: SyntaxProblem[];
  /** Every field reference, in the order written. */
  refs: NamedRef[];
  /**
   * The fields processors write by themselves whatever the configuration says (metadata processors, a syslog
   * parse): the configuration's own writes, never judged as names it chose.
   */
  fixedWrites: NamedRef[];
  /** Per reference: how many of its first segments are not written where it is (a target's, a default's); 0 when absent. */
  borrowed: ReadonlyMap<NamedRef, number>;
  /** The paths a processor takes away (`drop_fields`, a rename's `from`), and where. */
  gone: Array<{ path: string; at: number }>;
  processors: ProcessorSite[];
  controls: ControlSite[];
  lists: ListSite[];
  optionLevels: OptionLevel[];
  conditionLevels: ConditionLevel[];
  nameLevels: NameLevel[];
  values: WrittenValue[];
  /** Option names a processor (or its level) does not take, and keys an if/then/else item does not have. */
  unknownOptions: UnknownName[];
  /** Condition names no condition has. */
  unknownConditions: UnknownName[];
  /** The conditions named, where (a key's part: `equals` in `when.equals.event.code`). */
  conditionKeys: KeySegment[];
  /** A condition's field map being typed: a word below `equals:` (a key of the map to be). */
  pendingNames: Array<{ key: PropertyNode; word: ValueNode; prefix: Prefix }>;
  /** The `processors` keys whose items are read elsewhere (a skeleton's: blanked, each item a unit). */
  emptyLists: PropertyNode[];
}

/** The parts of a key, each with its span (the whole key's for every part when the key has escapes). */
export function keySegments(property: PropertyNode): KeySegment[] {
  const key = property.key;
  const span = property.keySpan;
  const exact = span.end - span.start === key.length;
  if (key.indexOf('.') < 0) return [{ name: key, span: exact ? span : { start: span.start, end: span.end } }];
  const out: KeySegment[] = [];
  let at = span.start;
  for (const name of key.split('.')) {
    out.push({ name, span: exact ? { start: at, end: at + name.length } : span });
    at += name.length + 1;
  }
  return out;
}

/** The first property of an object whose key (or its first part) is `name`. */
export function propertyNamed(object: ObjectNode, name: string): PropertyNode | undefined {
  return object.properties.find((p) => p.key === name);
}

/**
 * What every walker writes into: the reading, and the helpers that make references. `text` is the piece's masked text
 * (its offsets are the nodes'), `tags` its template tags.
 */
export class ReadingBuilder {
  readonly reading: BeatsReading;

  constructor(
    readonly text: string, readonly tags: readonly Span[], readonly table: BeatsProcessorTable, root: ValueNode | undefined, errors: SyntaxProblem[],
    /** Whether the places only completion and hover read (option, name and condition levels) are kept; a check needs none. */
    readonly forFeatures = true,
  ) {
    // Every list starts as the one shared empty list, a list of its own made on its first item (`add`): a large file's
    // thousands of pieces each use a few of them.
    this.reading = {
      text, root, errors, refs: NONE, fixedWrites: NONE, borrowed: NO_BORROWED, gone: NONE, processors: NONE, controls: NONE, lists: NONE,
      optionLevels: NONE, conditionLevels: NONE, nameLevels: NONE, values: NONE, unknownOptions: NONE, unknownConditions: NONE, conditionKeys: NONE,
      pendingNames: NONE, emptyLists: NONE,
    };
  }

  /** Adds an item to one of the reading's lists. */
  add<K extends ListKey>(key: K, item: BeatsReading[K][number]): void {
    const list = this.reading[key] as unknown[];
    if (list === NONE) (this.reading[key] as unknown[]) = [item];
    else list.push(item);
  }

  /**
   * Whether a scalar's (or a key's) text is, or holds, a template tag: its value is not known here. An object or a list
   * is read whatever tags stand among its parts: each part is judged on its own.
   */
  templated(node: Span | ValueNode): boolean {
    if (this.tags.length === 0 || ('kind' in node && (node.kind === 'object' || node.kind === 'array'))) return false;
    return touchesTag(this.tags, node.start, node.end);
  }

  /** Whether a key is (or holds) a template (its span read only when the piece has tags). */
  templatedKey(property: PropertyNode): boolean {
    return this.tags.length > 0 && this.templated(property.keySpan);
  }

  /** A string node's value with the way back to its characters; undefined for anything not a plain string of a known value. */
  decoded(node: ValueNode | undefined): StringSource | undefined {
    if (node?.kind !== 'string' || this.templated(node)) return undefined;
    const value = String(node.value);
    if (value.includes('${')) return undefined;
    const style = node.style ?? 'plain';
    // Most names are written as they read (no escape, fold or block): their offsets are arithmetic, no tables.
    const length = node.end - node.start;
    if (style === 'plain' && length === value.length && this.text.startsWith(value, node.start)) return { value, from: 0 };
    if ((style === 'single' || style === 'double') && length === value.length + 2 && this.text.startsWith(value, node.start + 1)) return { value, from: 1 };
    return decodeString(this.text.slice(node.start, node.end), style, 'yaml');
  }

  /** The names and spans of a field name written as a string value, after `prefix`; undefined when it names no field. */
  nameIn(node: ValueNode | undefined, prefix: Prefix = NO_PREFIX): { names: string[]; spans: Span[] } | undefined {
    const source = this.decoded(node);
    if (!source || node === undefined) return undefined;
    const value = source.value;
    if (value === '' || !isName(value)) return undefined;
    const names = prefix.names.slice();
    const spans = prefix.spans.slice();
    let at = 0;
    for (let dot = value.indexOf('.'); ; dot = value.indexOf('.', at)) {
      const end = dot < 0 ? value.length : dot;
      names.push(value.slice(at, end));
      spans.push(mapRange(source, at, end, node.start));
      if (dot < 0) break;
      at = dot + 1;
    }
    return { names, spans };
  }

  /**
   * Adds a reference; `borrowed` of its first segments stand for a prefix written elsewhere. Metadata (`@metadata`),
   * empty names and paths the template writes are no fields: nothing is added.
   */
  ref(names: string[], spans: Span[], role: RefRole, access: RefAccess, detail: NamedRefDetail, borrowed = 0): NamedRef | undefined {
    if (names.length === 0 || names[0] === '@metadata') return undefined;
    // Names of their own (interned), not slices of the text: a unit's digest keeps them beyond its version.
    for (let i = 0; i < names.length; i++) {
      if (names[i] === '') return undefined;
      names[i] = ownName(names[i]);
    }
    const ref = new NamedRef(names, spans, role, access, this.reading.refs.length, detail);
    this.add('refs', ref);
    if (borrowed > 0) {
      if (this.reading.borrowed === NO_BORROWED) this.reading.borrowed = new Map();
      (this.reading.borrowed as Map<NamedRef, number>).set(ref, borrowed);
    }
    return ref;
  }

  /** The reference of a name written as a string value. */
  nameRef(node: ValueNode | undefined, prefix: Prefix, access: RefAccess, detail: NamedRefDetail): NamedRef | undefined {
    const found = this.nameIn(node, prefix);
    return found && this.ref(found.names, found.spans, 'name', access, detail, prefix.names.length);
  }
}

export const NO_PREFIX: Prefix = { names: [], spans: [] };

/** The reading's lists (each an array). */
type ListKey = { [K in keyof BeatsReading]: BeatsReading[K] extends unknown[] ? K : never }[keyof BeatsReading];

/** The shared empty list every list of a reading starts as: never pushed to (`ReadingBuilder.add`). */
const NONE: never[] = [];
const NO_BORROWED: ReadonlyMap<NamedRef, number> = new Map();

/** A whole value that can be a field name: no white space, no format string (`%{[x]}`). */
function isName(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || (c === 37 && value.charCodeAt(i + 1) === 123)) return false;
  }
  return true;
}

/** A reference's detail with every field present: one shape for all (the rules read thousands of them). */
export function detailOf(processor: string | undefined, option: string | undefined): NamedRefDetail {
  return { processor, option, captureType: undefined, removes: undefined, literalDotted: undefined, implied: undefined };
}

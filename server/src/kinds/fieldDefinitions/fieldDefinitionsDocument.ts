// The field definitions adapter: integration packages' `fields/*.yml` (a list of items: `name`, `type`, `level`,
// nested `fields:` under `type: group`) and Beats' `fields.yml` (a list of `key`/`title`/`fields` sections holding the
// same items). Each item defines the path its name joins to its groups' (`source` + `ip` is `source.ip`; a section's
// `key` is no part of it). Parsing never fails: a half-typed file still yields the items that can be read.
import { NamedRef } from '../../document/fieldRefs';
import type { FileType, KindDocument } from '../../document/fileType';
import { syntaxOf } from '../../document/syntaxes/registry';
import type { ParsedValue } from '../../document/syntaxes/json/jsonValue';
import { parseGuarded } from '../../document/syntaxes/guardedParse';
import type { ArrayNode, ObjectNode, ScalarNode, Span, ValueNode } from '../../document/model';
import { valueOf } from '../../document/objectValue';
import { decodeWithOffsets, mapSpan } from '../../document/syntaxes/stringOffsets';

/** One item of a fields list: a field, a group of fields, or an `external` pointer at the schema family's field. */
export interface DefinitionItem {
  readonly node: ObjectNode;
  /** The `name` value, when it is a scalar. */
  readonly name: ScalarNode | undefined;
  /**
   * The whole path it defines, its group's reference as its parent (`ref.first` is where its own name starts, and
   * `ref.segments` are its own name's); undefined when the name is missing or has an empty segment (`source.`).
   * A wildcard item's ref names the object its `*` matches below (`headers` of `headers.*`); undefined for a bare `*`.
   */
  readonly ref: NamedRef | undefined;
  /**
   * Its name ends in the wildcard `*` (`headers.*`): it maps every unnamed field below that object (as a dynamic
   * template), so its type and level are those fields', not the object's.
   */
  readonly wildcard: boolean;
  readonly type: ScalarNode | undefined;
  readonly level: ScalarNode | undefined;
  /** `external: ecs`: the definition is taken from the schema family's field of that name. */
  readonly external: ScalarNode | undefined;
  /** The items of `multi_fields` (names below the field's own, not schema fields). */
  readonly multiFields: readonly ObjectNode[];
  readonly parent: DefinitionItem | undefined;
}

/** A list where items are typed: the root list, a section's or a group's `fields`; `prefix` is the path its items extend. */
export interface DefinitionList {
  readonly node: ArrayNode;
  readonly prefix: readonly string[];
  /** The group holding it (undefined at the root and in a Beats section). */
  readonly owner: DefinitionItem | undefined;
}

export interface FieldDefinitionsDocument extends KindDocument {
  readonly kind: 'fieldDefinitions';
  readonly root: ValueNode | undefined;
  /** Every item, in document order (a group before its children). */
  readonly items: DefinitionItem[];
  readonly lists: DefinitionList[];
  /** The items' references, in document order (`refs[i].index === i`). */
  readonly refs: NamedRef[];
}

/** The types whose items hold fields below them: namespaces, never values. */
const OBJECT_TYPES = new Set(['group', 'object', 'nested', 'flattened']);

/** The string value of `key` in an item, when it is one. */
export function scalarOf(item: ObjectNode, key: string): ScalarNode | undefined {
  const value = valueOf(item, key);
  return value && value.kind !== 'object' && value.kind !== 'array' && value.kind !== 'invalid' && value.kind !== 'null' ? value : undefined;
}

/** The text of a scalar as a name or type (`80`, `true` and plain words alike). */
export function textOf(node: ScalarNode | undefined): string | undefined {
  return node === undefined ? undefined : String(node.value);
}

/** A Beats section: a `key` with its `fields`, and no `name` of its own. */
export function isSection(node: ObjectNode): boolean {
  return node.properties.some((p) => p.key === 'key') && !node.properties.some((p) => p.key === 'name');
}

/** Parses a field definitions file; `whole`: the text already parsed whole (recognition). */
export function parseFieldDefinitions(text: string, type: FileType, whole?: ParsedValue): FieldDefinitionsDocument {
  const parsed = whole ?? parseGuarded(text, type.format === 'yaml');
  const doc: FieldDefinitionsDocument = { kind: 'fieldDefinitions', type, text, root: parsed.root, errors: parsed.errors, items: [], lists: [], refs: [] };
  if (parsed.root?.kind === 'array') new Walker(doc).list(parsed.root, [], undefined, true);
  return doc;
}

class Walker {
  private readonly syntax;

  constructor(private readonly doc: FieldDefinitionsDocument) {
    this.syntax = syntaxOf(doc.type.format);
  }

  list(list: ArrayNode, prefix: readonly string[], owner: DefinitionItem | undefined, root: boolean): void {
    this.doc.lists.push({ node: list, prefix, owner });
    for (const node of list.items) {
      if (node.kind !== 'object') continue;
      const fields = valueOf(node, 'fields');
      if (root && isSection(node)) {
        if (fields?.kind === 'array') this.list(fields, prefix, undefined, false);
        continue;
      }
      const item = this.item(node, prefix, owner);
      if (fields?.kind === 'array' && item.ref) this.list(fields, item.ref.path, item, false);
    }
  }

  private item(node: ObjectNode, prefix: readonly string[], parent: DefinitionItem | undefined): DefinitionItem {
    const name = scalarOf(node, 'name');
    const multi = valueOf(node, 'multi_fields');
    const type = scalarOf(node, 'type');
    const wildcard = name !== undefined && /(^|\.)\*$/.test(String(name.value));
    const item: DefinitionItem = {
      node,
      name,
      ref: name && this.ref(name, prefix, parent, wildcard || OBJECT_TYPES.has(textOf(type) ?? '') || valueOf(node, 'fields')?.kind === 'array', wildcard),
      wildcard,
      type,
      level: scalarOf(node, 'level'),
      external: scalarOf(node, 'external'),
      multiFields: multi?.kind === 'array' ? multi.items.filter((i): i is ObjectNode => i.kind === 'object') : [],
      parent,
    };
    this.doc.items.push(item);
    return item;
  }

  /** The item's path: its group's, then its own name's segments, spans in the file's characters. */
  private ref(name: ScalarNode, prefix: readonly string[], parent: DefinitionItem | undefined, object: boolean, wildcard: boolean): NamedRef | undefined {
    const raw = this.doc.text.slice(name.start, name.end);
    const decoded = name.kind === 'string' ? decodeWithOffsets(raw, name.style ?? 'plain', this.syntax) : undefined;
    const value = decoded ? decoded.value : raw;
    // The wildcard matches names, it is none: the item names the object it matches below (its group's, for a bare `*`).
    const names = wildcard ? value.split('.').slice(0, -1) : value.split('.');
    if (names.length === 0 || names.some((n) => n === '')) return undefined;
    let at = 0;
    const own = names.map((n): Span => {
      const span = decoded ? mapSpan(decoded, { start: at, end: at + n.length }, name.start) : { start: name.start + at, end: name.start + at + n.length };
      at += n.length + 1;
      return span;
    });
    const refs = this.doc.refs;
    const ref = new NamedRef([...prefix, ...names], own, 'name', 'write', refs.length, object ? { object } : {}, parent?.ref);
    refs.push(ref);
    return ref;
  }
}

/** The item whose own name holds the offset. */
export function itemAtName(doc: FieldDefinitionsDocument, offset: number): DefinitionItem | undefined {
  return doc.items.find((i) => i.name !== undefined && i.name.start <= offset && offset <= i.name.end);
}

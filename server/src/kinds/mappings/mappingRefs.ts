// Every field a mapping object declares and names: the names under `properties` (nested, dotted, below implicit and
// explicit objects; `subobjects: false` keeps a dotted name one flat field), runtime fields, the targets of copy_to
// and of an alias's path, multi-fields (kept apart: they are not schema fields), dynamic templates, `_meta` versions,
// and where each kind of key is typed. Ranges are the file's own characters (stringOffsets.ts).
import { DeclaredRef, FieldRef, NamedRef } from '../../document/fieldRefs';
import type { ObjectNode, ScalarNode, Span, ValueNode } from '../../document/model';
import { valueOf } from '../../document/objectValue';
import { decodeWithOffsets, mapSpan, type StringSyntax } from '../../document/syntaxes/stringOffsets';
import { readDynamicTemplates } from './dynamicTemplates';
import type { MappedField, MappingBody } from './mappingBody';

/** The `_meta` keys that state a schema version: legacy templates, the family's component templates, fieldwise's own. */
export const VERSION_KEYS: readonly string[] = ['version', 'ecs_version', 'schema_version'];

export class MappingWalker {
  constructor(
    private readonly text: string,
    private readonly syntax: StringSyntax,
    private readonly body: MappingBody,
    /** The document's key references: each new one's index is its position here. */
    private readonly refs: FieldRef[],
    private readonly targets: NamedRef[],
  ) {}

  /** A mapping object: `properties`, `runtime`, `dynamic_templates`, `_meta` and the switches. */
  mapping(mapping: ObjectNode): void {
    const flat = isFalse(valueOf(mapping, 'subobjects'));
    this.body.mappings.push(mapping);
    this.body.sites.push({ role: 'mapping', node: mapping, path: [], flat });
    const enabled = !isFalse(valueOf(mapping, 'enabled'));
    const properties = mapping.properties.find((p) => p.key === 'properties');
    if (properties) this.properties(properties.value, properties.keySpan, undefined, flat, enabled);
    const runtime = mapping.properties.find((p) => p.key === 'runtime');
    if (runtime) this.runtime(runtime.value, runtime.keySpan);
    for (const template of readDynamicTemplates(valueOf(mapping, 'dynamic_templates'))) {
      this.body.dynamicTemplates.push(template);
      this.body.sites.push({ role: 'dynamicTemplate', node: template.body, path: [], flat });
      if (template.mapping) this.body.sites.push({ role: 'field', node: template.mapping, path: [], flat });
    }
    this.meta(valueOf(mapping, '_meta'));
  }

  /** The versions a `_meta` object states. */
  meta(meta: ValueNode | undefined): void {
    if (meta?.kind !== 'object') return;
    for (const key of meta.properties) {
      if (VERSION_KEYS.includes(key.key) && key.value?.kind === 'string') this.body.versions.push({ key, value: key.value });
    }
  }

  /** The fields of a `properties` value below `parent`; `owner` is the `properties` key. */
  private properties(node: ValueNode | undefined, owner: Span, parent: FieldRef | undefined, flat: boolean, indexed: boolean): void {
    const path = parent ? parent.path : [];
    this.body.sites.push({ role: 'properties', node: node ?? pending(owner), path, flat, owner });
    if (node?.kind !== 'object') return;
    for (const property of node.properties) {
      if (property.key === '') continue;
      const ref = new DeclaredRef(property, parent, this.refs.length, subFields(property.value));
      this.refs.push(ref);
      this.field(ref, property.value, flat, indexed, false);
    }
  }

  private field(ref: FieldRef, value: ValueNode | undefined, flat: boolean, indexed: boolean, runtime: boolean): void {
    const mapping = value?.kind === 'object' ? value : undefined;
    const typeNode = mapping && valueOf(mapping, 'type');
    const type = typeNode?.kind === 'string' ? typeNode : undefined;
    const fields = mapping && valueOf(mapping, 'fields');
    const fieldsNode = fields?.kind === 'object' ? fields : undefined;
    const properties = mapping?.properties.find((p) => p.key === 'properties');
    const own = indexed && (mapping ? !isFalse(valueOf(mapping, 'enabled')) : true);
    const field: MappedField = {
      ref,
      mapping,
      type: type && String(type.value),
      typeNode: type,
      hasProperties: properties !== undefined,
      indexed: own,
      runtime,
      multiFields: fieldsNode?.properties.filter((p) => p.key !== '') ?? [],
      fieldsNode,
    };
    this.body.fields.push(field);
    this.body.sites.push({ role: 'field', node: value ?? pending(ref.property.keySpan), path: ref.path, flat, field, owner: ref.property.keySpan });
    if (!mapping) return;
    for (const multi of field.multiFields) if (multi.value) this.body.sites.push({ role: 'field', node: multi.value, path: [...ref.path, multi.key], flat: true, owner: multi.keySpan });
    for (const node of strings(valueOf(mapping, 'copy_to'))) this.target(node, 'copy_to', 'write', field);
    const path = valueOf(mapping, 'path');
    if (field.type === 'alias' && path?.kind === 'string') this.target(path, 'path', 'read', field);
    if (properties) this.properties(properties.value, properties.keySpan, ref, flat || isFalse(valueOf(mapping, 'subobjects')), own);
  }

  /** Runtime fields: whole dotted paths at the root. */
  private runtime(node: ValueNode | undefined, owner: Span): void {
    this.body.sites.push({ role: 'properties', node: node ?? pending(owner), path: [], flat: true, owner, runtime: true });
    if (node?.kind !== 'object') return;
    for (const property of node.properties) {
      if (property.key === '') continue;
      const ref = new DeclaredRef(property, undefined, this.refs.length, subFields(property.value));
      this.refs.push(ref);
      this.field(ref, property.value, true, false, true);
    }
  }

  /** A field path in an option value, one span per segment. */
  private target(node: ScalarNode, option: 'copy_to' | 'path', access: 'read' | 'write', from: MappedField): void {
    const decoded = decodeWithOffsets(this.text.slice(node.start, node.end), node.style ?? 'double', this.syntax);
    if (!decoded || decoded.value === '') return;
    const names = decoded.value.split('.');
    let at = 0;
    const segments: Span[] = names.map((n) => {
      const span = mapSpan(decoded, { start: at, end: at + n.length }, node.start);
      at += n.length + 1;
      return span;
    });
    if (names.some((n) => n === '')) return;
    const ref = new NamedRef(names, segments, 'name', access, this.targets.length, { option });
    this.targets.push(ref);
    this.body.targets.push({ ref, option, from });
  }
}

function strings(value: ValueNode | undefined): ScalarNode[] {
  if (value?.kind === 'string') return [value];
  if (value?.kind === 'array') return value.items.filter((i): i is ScalarNode => i.kind === 'string');
  return [];
}

/** `false`, as JSON and YAML write it (a switch off: `enabled: false`, `subobjects: false`). */
export function isFalse(node: ValueNode | undefined): boolean {
  return node?.kind === 'boolean' && node.value === false;
}

/** The `properties` object of a field's mapping: what an event holds under an object field. */
function subFields(mapping: ValueNode | undefined): ObjectNode | undefined {
  const properties = mapping?.kind === 'object' ? valueOf(mapping, 'properties') : undefined;
  return properties?.kind === 'object' ? properties : undefined;
}

/** Where the value of a key with nothing after its colon yet will be typed. */
function pending(owner: Span): ValueNode {
  return { kind: 'invalid', raw: '', start: owner.end, end: owner.end };
}

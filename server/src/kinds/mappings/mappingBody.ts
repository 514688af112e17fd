// What one mapping body is made of: the mapping objects it holds, every field it maps (with its definition, type and
// multi-fields), the targets its copy_to and alias options name, its dynamic templates, and where each kind of key
// is typed (the sites completion and hover start from).
import type { FieldRef, NamedRef } from '../../document/fieldRefs';
import type { ObjectNode, PropertyNode, ScalarNode, Span, ValueNode } from '../../document/model';
import type { DynamicTemplate } from './dynamicTemplates';

/**
 * How the body holds its mapping: a legacy template (`index_patterns` + `mappings`), a composable or component
 * template (`template.mappings`), a `PUT my-index` body (`settings` + `mappings`), a bare `{"mappings": ...}`, a bare
 * mapping (`{"properties": ...}`, `PUT idx/_mapping`), or an integration package's manifest
 * (`elasticsearch.index_template.mappings`).
 */
export type MappingShape = 'legacyTemplate' | 'composableTemplate' | 'componentTemplate' | 'index' | 'mappings' | 'mapping' | 'manifest';

/** One field the mapping declares: a name under `properties` (nested or dotted) or under `runtime`. */
export interface MappedField {
  /** The name's reference: its path as Elasticsearch resolves it, its key spans. */
  ref: FieldRef;
  /** The field's mapping object (`{"type": "ip"}`); undefined while it is typed or when it is not an object. */
  mapping: ObjectNode | undefined;
  /** The `type` as written; undefined when the mapping names none. */
  type: string | undefined;
  typeNode: ScalarNode | undefined;
  /** The mapping has `properties`: an object (explicit or implicit). */
  hasProperties: boolean;
  /** Under `enabled: false` (or itself so): nothing here is parsed or indexed. */
  indexed: boolean;
  /** A runtime field (`runtime`), computed when queried. */
  runtime: boolean;
  /** The multi-fields under `fields`, by name: the field's value indexed again, not schema fields. */
  multiFields: PropertyNode[];
  /** The `fields` object, when the mapping has one. */
  fieldsNode: ObjectNode | undefined;
}

/** A field named in an option value: a `copy_to` target, or an alias's `path`. */
export interface FieldTarget {
  ref: NamedRef;
  option: 'copy_to' | 'path';
  /** The field whose mapping names it. */
  from: MappedField;
}

/** Where keys are typed, and what they mean there. */
export type SiteRole =
  /** A `properties` object (or `runtime`): field names below `path`. */
  | 'properties'
  /** A field's mapping: its parameters. */
  | 'field'
  /** A mapping object (`mappings`): its top-level keys. */
  | 'mapping'
  /** A dynamic template's body (`match`, `mapping`, ...). */
  | 'dynamicTemplate';

export interface KeySite {
  role: SiteRole;
  /** The object, or a scalar standing where the object is being typed (`properties:` then a half-typed name). */
  node: ValueNode;
  /** The path of the object the names go below (properties), or of the field (field). */
  path: string[];
  /** A dotted name below is one flat name (`subobjects: false`). */
  flat: boolean;
  /** For role `field`: the field. */
  field?: MappedField;
  /** The `runtime` object: its fields are computed when queried, with a runtime type. */
  runtime?: true;
  /** The key whose value the node is (`properties`, the field's name): YAML typed below it belongs to the site. */
  owner?: Span;
}

/** A `_meta` object and the key in it that states a schema version (`version`, `ecs_version`, `schema_version`). */
export interface MetaVersion {
  key: PropertyNode;
  value: ScalarNode;
}

export interface MappingBody {
  span: Span;
  shape: MappingShape;
  /** The template's name, from its console request (`PUT _component_template/<name>`); a file's body has none (its file names it). */
  name: string | undefined;
  root: ValueNode | undefined;
  /** The mapping objects (one, or one per type name in a legacy template of types). */
  mappings: ObjectNode[];
  /** The component templates a composable template names (`composed_of`). */
  composedOf: string[];
  /** Versions stated in `_meta` (the template's and the mapping's). */
  versions: MetaVersion[];
  fields: MappedField[];
  targets: FieldTarget[];
  dynamicTemplates: DynamicTemplate[];
  sites: KeySite[];
}

// The catalog contract: what every feature may ask of the field definitions. No LSP here.

export type Level = 'core' | 'extended' | 'custom';

export type Datatype =
  | 'keyword' | 'long' | 'integer' | 'float' | 'half_float' | 'scaled_float'
  | 'date' | 'ip' | 'text' | 'boolean' | 'object' | 'geo_point';

export interface MultiField {
  name: string;
  type: Datatype;
}

/** Where a definition came from, for messages ("defined in schema/fieldsets/geo.yml"). */
export interface DefinitionOrigin {
  /** The field set that defines the field (`geo` for `source.geo.city_name`). */
  fieldSet: string;
  /** The file that defined it: a schema/ file or a user's custom definitions file. */
  file: string;
  /** True when the field comes from a user's custom definitions. */
  custom: boolean;
}

/** What a definition file says about a field, beyond its name; shared by the file format and the catalog. */
export interface FieldProperties {
  type: Datatype;
  level: Level;
  description: string;
  allowed?: string[];
  recommended?: string[];
  pattern?: string;
  patternDescription?: string;
  case?: 'lower' | 'upper';
  min?: number;
  max?: number;
  maxLength?: number;
  scalingFactor?: number;
  multiFields?: MultiField[];
  /** What replaces the field; set for the field or inherited from a deprecated placement (host.user.*). */
  deprecated?: string;
  /** What is in beta; set for the field or inherited from a beta placement (process.elf). */
  beta?: string;
  /** false when the field is not indexed (event.original). */
  index?: false;
  /** An object that accepts any key (labels, http.request.headers). */
  open?: boolean;
  /** An object whose values must not be objects (labels, headers). */
  flat?: boolean;
  /** For an object: the only dotted child paths it may hold (network.inner). */
  allowedChildren?: string[];
  example?: unknown;
}

/** One concrete field path an event may hold, with reuses resolved. */
export interface FieldDefinition extends FieldProperties {
  /** Full dotted path: `source.geo.city_name`. */
  path: string;
  array: boolean;
  origin: DefinitionOrigin;
}

export interface FieldSetInfo {
  name: string;
  title: string;
  description: string;
  /** false for sets the schema names but leaves undefined (user_agent, file, dns, ...). */
  defined: boolean;
  /** false for sets valid only when nested (as, geo, hash, interface, os, the {side} shape). */
  topLevel: boolean;
  /** Paths where the set is placed, e.g. ['client.geo', 'source.geo', ...]; for top-level sets, includes their root name. */
  placements: string[];
  file: string;
  /** The root path of a top-level set (`host`; '' for base and tracing); absent for nested-only sets. */
  prefix?: string;
  /** True when the set itself comes from a user's custom definitions. */
  custom: boolean;
  /** Any child is accepted below the set (metrics). */
  open?: boolean;
  /** Undeclared children whose name matches this pattern are accepted (hash: other algorithms). */
  openNamePattern?: string;
  /** For an undefined set: children the spec's guidance names without defining them (`ip` of related). */
  mentioned?: string[];
  /** The set's own fields as declared, names relative to wherever the set is placed (`city_name`). */
  fields: DeclaredField[];
}

/** A field as its set declares it: `name` is relative to the set's placement, flags are the field's own. */
export type DeclaredField = Omit<FieldDefinition, 'path'> & { name: string };

/** What a path means to the schema; the answer every feature builds on. */
export type Resolution =
  /** A defined field (a leaf, or an object-typed field such as `labels` or `log.syslog`). */
  | { kind: 'field'; field: FieldDefinition }
  /** An intermediate object that has defined descendants (`source`, `source.geo`, `log.syslog.facility`). */
  | { kind: 'object'; path: string; fieldSet?: FieldSetInfo; deprecated?: string; beta?: string }
  /** Below an object that accepts any key (`labels.env`, `http.request.headers.accept`, `metrics.foo`, `hash.sha3_512`). */
  | { kind: 'open'; owner: string }
  /** Below (or at) a set the schema names but does not define (`user_agent.original`, `file.path`). */
  | { kind: 'undefinedSet'; fieldSet: FieldSetInfo; path: string; /** Where the undefined set sits (`network.vlan`). */ placement: string }
  /** A name of a nested-only set used at the root (`geo.city_name`). */
  | { kind: 'nestedOnly'; fieldSet: FieldSetInfo; validAt: string[] }
  /** Under a defined set but not defined; `suggestions` are the closest defined paths, best first. */
  | { kind: 'unknown'; path: string; fieldSet: FieldSetInfo; suggestions: string[] }
  /** Outside every schema field set: a custom field, which the spec allows (`nginx.access.time`). */
  | { kind: 'custom'; path: string };

export interface ChildEntry {
  /** The child's own name (`city_name`), not the full path. */
  name: string;
  /** Full dotted path of the child. */
  path: string;
  /** 'field' for a defined field (leaf or object-typed), 'object' for an intermediate object. */
  kind: 'field' | 'object';
  field?: FieldDefinition;
  /** For an intermediate object: the best level of its descendants (core first). */
  level: Level;
  description: string;
  /** Set when the child is where a field set is placed (`source.geo`, `user_agent`). */
  fieldSet?: FieldSetInfo;
  /** Inherited from a deprecated or beta placement (host.user). */
  deprecated?: string;
  beta?: string;
}

/**
 * One path as the catalog answers it, memoised: diagnostics walk every key of every event one segment at a time
 * from its parent's place, and completion, hover and inlay hints ask for the same paths again and again.
 */
export interface SchemaPlace {
  readonly segments: readonly string[];
  /** What the path means (`Catalog.resolve`). */
  readonly resolution: Resolution;
  /** The path's valid children, sorted by name (`Catalog.children`). */
  readonly children: readonly ChildEntry[];
  /** The entry naming this path among its parent's children (flags of its placement); undefined where the schema places nothing. */
  readonly entry: ChildEntry | undefined;
  /** The place one segment below. */
  child(name: string): SchemaPlace;
}

export interface Catalog {
  /** The schema version an event's `schema.version` carries: `1.11.0`. */
  readonly version: string;
  /** The definition of a full path, reuses resolved (`source.geo.city_name`). */
  lookup(path: string): FieldDefinition | undefined;
  /** What a path means: field, intermediate object, open, undefined set, nested-only, unknown or custom. */
  resolve(path: readonly string[]): Resolution;
  /** The valid children of a prefix (those of the root for []), sorted by name; shared, computed once per prefix. */
  children(prefix: readonly string[]): readonly ChildEntry[];
  /** The memoised place of a path (the root's for []), to walk from one segment to the next. */
  place(path: readonly string[]): SchemaPlace;
  /** The field set of that name, defined or not. */
  fieldSet(name: string): FieldSetInfo | undefined;
  /** Every concrete field path, sorted by path. */
  fields(): FieldDefinition[];
  /** Every field set, defined or not. */
  fieldSets(): FieldSetInfo[];
  /** The closest defined paths to a misspelt one, best first (at most `max`). */
  suggest(path: string, max?: number): string[];
  /** Number of fields that came from custom definitions. */
  readonly customFieldCount: number;
}

export interface LoadCatalogOptions {
  /** Custom definition files, folders (their *.yml and *.yaml files) or globs, merged after the built-in ones. */
  definitions?: string[];
  /** Directory relative `definitions` are resolved against; defaults to process.cwd(). */
  cwd?: string;
}

/** A problem in a definition file, with where it is. */
export interface DefinitionProblem {
  file: string;
  /** 1-based line, when known. */
  line?: number;
  /** JSON-pointer-like path inside the file (`/fields/3/type`). */
  path: string;
  message: string;
}

export class DefinitionError extends Error {
  constructor(readonly problems: DefinitionProblem[]) {
    super(problems.map((p) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.path || '/'}: ${p.message}`).join('\n'));
    this.name = 'DefinitionError';
  }
}

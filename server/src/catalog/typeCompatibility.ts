// The one type-compatibility table (schema/mapping/types.yml): a schema datatype against a mapped Elasticsearch
// field type, a `convert` processor's target type and a grok capture type. Shared by mappings and ingest pipelines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataFile, oncePerSchemaDir } from './dataFile';
import { DEFINITION_SCHEMA_FILE } from './schemaDir';
import { toPointer } from './yamlSource';
import { Datatype, DefinitionError, DefinitionProblem } from './types';

export const TYPES_FILE = join('mapping', 'types.yml');
export const TYPES_SCHEMA_FILE = join('mapping', 'types.schema.json');

export type Verdict = 'ok' | 'warning' | 'error';

export interface Compatibility {
  readonly verdict: Verdict;
  /** One line, for a diagnostic message or a table cell. */
  readonly reason: string;
}

/** leaf: a value; object: sub-fields (or a whole object as one value); alias: another field under a second name. */
export type TypeShape = 'leaf' | 'object' | 'alias';

export interface EsFieldType {
  readonly name: string;
  /** A heading of the Elasticsearch reference (`common`, `objects`, ...), one of `categories`. */
  readonly category: string;
  readonly shape: TypeShape;
  /** What the type keeps and how it is queried. */
  readonly stores: string;
}

export interface TypeCategory {
  readonly name: string;
  readonly title: string;
}

/** A type Elasticsearch removed (`string`), and the types that replaced it, each with what it is for. */
export interface RemovedType {
  readonly name: string;
  /** The Elasticsearch version that removed it (`5.0`). */
  readonly removedIn: string;
  readonly use: ReadonlyArray<{ readonly type: string; readonly for: string }>;
}

/** What an ingest processor leaves in a field: the `convert` processor's target types, which grok types map to. */
export type IngestKind = 'integer' | 'long' | 'float' | 'double' | 'boolean' | 'ip' | 'string' | 'auto';

export interface TypeCompatibility {
  readonly categories: readonly TypeCategory[];
  /** Every Elasticsearch field type, in the reference's order. */
  readonly esTypes: readonly EsFieldType[];
  /** Every datatype a schema definition may use (schema/definition.schema.json). */
  readonly schemaTypes: readonly Datatype[];
  /** The values of the convert processor's `type` option. */
  readonly convertTypes: readonly IngestKind[];
  /** Grok capture types (`%{IP:source.ip:TYPE}`), without the untyped capture. */
  readonly grokTypes: readonly string[];
  esType(name: string): EsFieldType | undefined;
  /** A type Elasticsearch once had and removed; undefined for any other name. */
  removedType(name: string): RemovedType | undefined;
  /**
   * A field of `schemaType` mapped as `esType` (`path`: the field, whose own entry may judge otherwise: event.dataset as
   * constant_keyword); undefined when `esType` is no Elasticsearch field type.
   */
  mapping(schemaType: Datatype, esType: string, path?: string): Compatibility | undefined;
  /** The other mapping types the table names for `schemaType`, with their own reasons: its warnings and particular errors. */
  namedMappings(schemaType: Datatype): ReadonlyArray<{ esType: string } & Compatibility>;
  /** A `convert` processor with `type: convertType` writing a field of `schemaType`; undefined for an unknown type. */
  convert(schemaType: Datatype, convertType: string): Compatibility | undefined;
  /** A grok capture of `captureType` (omitted: an untyped capture) into a field of `schemaType`; undefined for an unknown type. */
  grok(schemaType: Datatype, captureType?: string): Compatibility | undefined;
  /** The kind of value a grok capture of `captureType` leaves (omitted: untyped); undefined for an unknown type. */
  grokKind(captureType?: string): IngestKind | undefined;
}

interface TypesFile {
  categories: TypeCategory[];
  esTypes: EsFieldType[];
  schemaTypes: Record<string, { mapping?: Record<string, Compatibility>; ingest: Record<IngestKind, Compatibility> }>;
  ingest: { convert: IngestKind[]; grok: Record<string, IngestKind>; grokUntyped: IngestKind };
  fields?: Record<string, { mapping: Record<string, Compatibility> }>;
  removedTypes?: RemovedType[];
}

/** The table of a schema/ folder (the built-in one by default), read once; throws DefinitionError on bad data. */
export const loadTypeCompatibility: (schemaDir?: string) => TypeCompatibility = oncePerSchemaDir(readTable);

function readTable(schemaDir: string): TypeCompatibility {
  const file = loadDataFile(join(schemaDir, TYPES_FILE), join(schemaDir, TYPES_SCHEMA_FILE));
  const data = file.data as TypesFile;
  const datatypes = schemaDatatypes(join(schemaDir, DEFINITION_SCHEMA_FILE));
  const problems = crossReferenceProblems(data, datatypes, file.problem);
  if (problems.length > 0) throw new DefinitionError(problems);
  return new Table(data, datatypes);
}

/** The datatype enum of the definition format: the table must cover exactly the types a definition may use. */
function schemaDatatypes(definitionSchemaFile: string): Datatype[] {
  const schema = JSON.parse(readFileSync(definitionSchemaFile, 'utf8')) as { $defs?: { datatype?: { enum?: unknown } } };
  const values = schema.$defs?.datatype?.enum;
  if (!Array.isArray(values) || !values.every((v): v is string => typeof v === 'string')) {
    throw new DefinitionError([{ file: definitionSchemaFile, path: '/$defs/datatype/enum', message: 'expected the list of datatypes' }]);
  }
  return values as Datatype[];
}

/** What the JSON Schema cannot say: names are unique and every name used is defined. */
function crossReferenceProblems(
  data: TypesFile,
  datatypes: readonly string[],
  at: (pointer: string, message: string) => DefinitionProblem,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const categories = new Set<string>();
  data.categories.forEach((category, i) => {
    if (categories.has(category.name)) problems.push(at(toPointer(['categories', i, 'name']), `category '${category.name}' is listed twice`));
    categories.add(category.name);
  });
  const esTypes = new Set<string>();
  data.esTypes.forEach((type, i) => {
    if (esTypes.has(type.name)) problems.push(at(toPointer(['esTypes', i, 'name']), `type '${type.name}' is listed twice`));
    esTypes.add(type.name);
    if (!categories.has(type.category)) {
      problems.push(at(toPointer(['esTypes', i, 'category']), `unknown category '${type.category}'; expected one of: ${[...categories].join(', ')}`));
    }
  });
  for (const datatype of datatypes) {
    if (!(datatype in data.schemaTypes)) problems.push(at('/schemaTypes', `missing the schema datatype '${datatype}'`));
  }
  for (const [schemaType, entry] of Object.entries(data.schemaTypes)) {
    if (!datatypes.includes(schemaType)) {
      problems.push(at(toPointer(['schemaTypes', schemaType]), `'${schemaType}' is not a datatype of the definition format; expected one of: ${datatypes.join(', ')}`));
    }
    if (!esTypes.has(schemaType)) problems.push(at(toPointer(['schemaTypes', schemaType]), `'${schemaType}' is not among esTypes`));
    for (const esType of Object.keys(entry.mapping ?? {})) {
      const pointer = toPointer(['schemaTypes', schemaType, 'mapping', esType]);
      if (!esTypes.has(esType)) problems.push(at(pointer, `unknown Elasticsearch type '${esType}'`));
      if (esType === schemaType) problems.push(at(pointer, `'${esType}' is the schema's own type, always ok`));
    }
  }
  (data.removedTypes ?? []).forEach((removed, i) => {
    if (esTypes.has(removed.name)) problems.push(at(toPointer(['removedTypes', i, 'name']), `'${removed.name}' is among esTypes, not removed`));
    removed.use.forEach((use, j) => {
      if (!esTypes.has(use.type)) problems.push(at(toPointer(['removedTypes', i, 'use', j, 'type']), `unknown Elasticsearch type '${use.type}'`));
    });
  });
  for (const [path, entry] of Object.entries(data.fields ?? {})) {
    for (const esType of Object.keys(entry.mapping)) {
      if (!esTypes.has(esType)) problems.push(at(toPointer(['fields', path, 'mapping', esType]), `unknown Elasticsearch type '${esType}'`));
    }
  }
  return problems;
}

class Table implements TypeCompatibility {
  readonly categories: readonly TypeCategory[];
  readonly esTypes: readonly EsFieldType[];
  readonly convertTypes: readonly IngestKind[];
  readonly grokTypes: readonly string[];
  private readonly byName: ReadonlyMap<string, EsFieldType>;

  constructor(private readonly data: TypesFile, readonly schemaTypes: readonly Datatype[]) {
    this.categories = data.categories;
    this.esTypes = data.esTypes;
    this.convertTypes = data.ingest.convert;
    this.grokTypes = Object.keys(data.ingest.grok);
    this.byName = new Map(data.esTypes.map((type) => [type.name, type]));
  }

  esType(name: string): EsFieldType | undefined {
    return this.byName.get(name);
  }

  removedType(name: string): RemovedType | undefined {
    return this.data.removedTypes?.find((t) => t.name === name);
  }

  mapping(schemaType: Datatype, esType: string, path?: string): Compatibility | undefined {
    const mapped = this.byName.get(esType);
    if (!mapped) return undefined;
    const fields = this.data.fields;
    const byField = path !== undefined && fields && Object.hasOwn(fields, path) ? fields[path].mapping : undefined;
    if (byField && Object.hasOwn(byField, esType)) return byField[esType];
    if (esType === schemaType) return { verdict: 'ok', reason: "the schema's own type" };
    if (mapped.shape === 'alias') return { verdict: 'ok', reason: `${esType} stores ${mapped.stores}` };
    const named = this.entry(schemaType).mapping?.[esType];
    if (named) return named;
    // The loader checked that every schema type is an Elasticsearch type.
    const own = this.byName.get(schemaType) as EsFieldType;
    if (own.shape !== mapped.shape) {
      return own.shape === 'object'
        ? { verdict: 'error', reason: `the schema defines an object with sub-fields; ${esType} is a leaf type (${mapped.stores})` }
        : { verdict: 'error', reason: `${schemaType} is a leaf; ${esType} is an object type (${mapped.stores}): its values fail to index` };
    }
    return { verdict: 'error', reason: `${schemaType} stores ${own.stores}; ${esType} stores ${mapped.stores}` };
  }

  namedMappings(schemaType: Datatype): ReadonlyArray<{ esType: string } & Compatibility> {
    return Object.entries(this.entry(schemaType).mapping ?? {}).map(([esType, compatibility]) => ({ esType, ...compatibility }));
  }

  convert(schemaType: Datatype, convertType: string): Compatibility | undefined {
    if (!(this.convertTypes as readonly string[]).includes(convertType)) return undefined;
    return this.entry(schemaType).ingest[convertType as IngestKind];
  }

  grok(schemaType: Datatype, captureType?: string): Compatibility | undefined {
    const kind = this.grokKind(captureType);
    return kind === undefined ? undefined : this.entry(schemaType).ingest[kind];
  }

  grokKind(captureType?: string): IngestKind | undefined {
    const { grok, grokUntyped } = this.data.ingest;
    if (captureType === undefined) return grokUntyped;
    return Object.hasOwn(grok, captureType) ? grok[captureType] : undefined;
  }

  private entry(schemaType: Datatype): TypesFile['schemaTypes'][string] {
    const entry = Object.hasOwn(this.data.schemaTypes, schemaType) ? this.data.schemaTypes[schemaType] : undefined;
    if (!entry) throw new Error(`'${schemaType}' is not a schema datatype; expected one of: ${this.schemaTypes.join(', ')}`);
    return entry;
  }
}

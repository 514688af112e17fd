// The `type` values of field definition files (schema/mapping/definitionTypes.yml) beyond the Elasticsearch field
// types of the type-compatibility table: `group`, `array`. Together they are every type such a file may state.
import { join } from 'node:path';
import { loadDataFile, oncePerSchemaDir } from './dataFile';
import { loadTypeCompatibility } from './typeCompatibility';
import { toPointer } from './yamlSource';
import { DefinitionError, DefinitionProblem } from './types';

export const DEFINITION_TYPES_FILE = join('mapping', 'definitionTypes.yml');
export const DEFINITION_TYPES_SCHEMA_FILE = join('mapping', 'definitionTypes.schema.json');

export interface DefinitionType {
  readonly name: string;
  /** The Elasticsearch type the schema's type is compared with; undefined: no type finding. */
  readonly checkedAs?: string;
  readonly description: string;
}

export interface DefinitionTypes {
  /** The file-only types, in the data's order. */
  readonly own: readonly DefinitionType[];
  /** Every type a field definition may state: the Elasticsearch types, then the file-only ones. */
  readonly names: readonly string[];
  /** The type to judge a stated type as: itself for an Elasticsearch type, `checkedAs` for a file-only one; undefined if unknown or unchecked. */
  checkedAs(name: string): string | undefined;
  known(name: string): boolean;
}

/** The types of a schema/ folder (the built-in one by default), read once; throws DefinitionError on bad data. */
export const loadDefinitionTypes: (schemaDir?: string) => DefinitionTypes = oncePerSchemaDir(readTypes);

function readTypes(schemaDir: string): DefinitionTypes {
  const file = loadDataFile(join(schemaDir, DEFINITION_TYPES_FILE), join(schemaDir, DEFINITION_TYPES_SCHEMA_FILE));
  const own = (file.data as { types: DefinitionType[] }).types;
  const table = loadTypeCompatibility(schemaDir);
  const problems: DefinitionProblem[] = [];
  const seen = new Set<string>();
  own.forEach((type, i) => {
    if (table.esType(type.name) || seen.has(type.name)) problems.push(file.problem(toPointer(['types', i, 'name']), `'${type.name}' is listed twice or is an Elasticsearch type already`));
    seen.add(type.name);
    if (type.checkedAs !== undefined && !table.esType(type.checkedAs)) problems.push(file.problem(toPointer(['types', i, 'checkedAs']), `unknown Elasticsearch type '${type.checkedAs}'`));
  });
  if (problems.length > 0) throw new DefinitionError(problems);
  const byName = new Map(own.map((t) => [t.name, t]));
  const names = [...table.esTypes.map((t) => t.name), ...own.map((t) => t.name)];
  const all = new Set(names);
  return {
    own,
    names,
    known: (name) => all.has(name),
    checkedAs: (name) => (table.esType(name) ? name : byName.get(name)?.checkedAs),
  };
}

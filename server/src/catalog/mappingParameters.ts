// Elasticsearch mapping parameters (schema/mapping/parameters.yml): what each means, the field types it applies to
// and the values it takes; also the top-level keys of a mapping and the keys of a dynamic template.
import { join } from 'node:path';
import { loadDataFile, oncePerSchemaDir } from './dataFile';
import { loadTypeCompatibility } from './typeCompatibility';
import { toPointer } from './yamlSource';
import { DefinitionError, DefinitionProblem } from './types';

export const PARAMETERS_FILE = join('mapping', 'parameters.yml');
export const PARAMETERS_SCHEMA_FILE = join('mapping', 'parameters.schema.json');

/**
 * boolean, integer, number, string; enum (one of `values`); type (a field type name); field (a field path);
 * mappings (name to field mapping); mapping (one field mapping); templates (the dynamic_templates list);
 * object (free-form); value (a value of the field's own type).
 */
export type ParameterValueKind =
  | 'boolean' | 'integer' | 'number' | 'string' | 'enum' | 'type' | 'field'
  | 'mappings' | 'mapping' | 'templates' | 'object' | 'value';

export interface ParameterValue {
  readonly kind: ParameterValueKind;
  /** For kind enum: the accepted values (`dynamic` takes booleans and strings). */
  readonly values?: readonly (string | boolean)[];
  readonly minimum?: number;
  readonly maximum?: number;
  /** A list of such values is accepted too (`copy_to`, `match`). */
  readonly multiple?: true;
}

export interface MappingParameter {
  readonly name: string;
  /** One line. */
  readonly description: string;
  readonly value: ParameterValue;
}

export interface FieldParameter extends MappingParameter {
  /** The Elasticsearch field types that accept the parameter, groups and `all` expanded. */
  readonly appliesTo: readonly string[];
}

export interface MappingParameters {
  /** Parameters of a field mapping, in the file's order. */
  readonly field: readonly FieldParameter[];
  /** Keys of a mapping body (`dynamic`, `date_detection`, `dynamic_templates`, `_meta`, ...). */
  readonly topLevel: readonly MappingParameter[];
  /** Keys of one dynamic template (`match`, `path_match`, `match_mapping_type`, `mapping`, ...). */
  readonly dynamicTemplate: readonly MappingParameter[];
  fieldParameter(name: string): FieldParameter | undefined;
  /** The parameters a field of `esType` accepts; empty for an unknown type. */
  forType(esType: string): FieldParameter[];
  topLevelKey(name: string): MappingParameter | undefined;
  dynamicTemplateKey(name: string): MappingParameter | undefined;
}

interface ParametersFile {
  groups: Record<string, string[]>;
  field: Array<MappingParameter & { appliesTo: 'all' | string[] }>;
  topLevel: MappingParameter[];
  dynamicTemplate: MappingParameter[];
}

/** The parameters of a schema/ folder (the built-in one by default), read once; throws DefinitionError on bad data. */
export const loadMappingParameters: (schemaDir?: string) => MappingParameters = oncePerSchemaDir(readParameters);

function readParameters(schemaDir: string): MappingParameters {
  const file = loadDataFile(join(schemaDir, PARAMETERS_FILE), join(schemaDir, PARAMETERS_SCHEMA_FILE));
  const data = file.data as ParametersFile;
  const esTypes = loadTypeCompatibility(schemaDir).esTypes.map((type) => type.name);
  const problems: DefinitionProblem[] = [];
  const known = new Set(esTypes);
  for (const [group, members] of Object.entries(data.groups)) {
    if (known.has(group)) problems.push(file.problem(toPointer(['groups', group]), `group '${group}' has the name of a field type`));
    members.forEach((member, i) => {
      if (!known.has(member)) problems.push(file.problem(toPointer(['groups', group, i]), `unknown field type '${member}'`));
    });
  }
  const field = data.field.map((parameter, i): FieldParameter => {
    const types = new Set<string>();
    const names = parameter.appliesTo === 'all' ? esTypes : parameter.appliesTo;
    names.forEach((name, j) => {
      const members = Object.hasOwn(data.groups, name) ? data.groups[name] : known.has(name) ? [name] : undefined;
      if (members) for (const member of members) types.add(member);
      else problems.push(file.problem(toPointer(['field', i, 'appliesTo', j]), `'${name}' is neither a field type nor a group; groups: ${Object.keys(data.groups).join(', ')}`));
    });
    return { name: parameter.name, description: parameter.description, value: parameter.value, appliesTo: [...types] };
  });
  for (const list of ['field', 'topLevel', 'dynamicTemplate'] as const) problems.push(...listProblems(data[list], list, file.problem));
  if (problems.length > 0) throw new DefinitionError(problems);
  return new Parameters(field, data.topLevel, data.dynamicTemplate);
}

/** What the JSON Schema leaves to the loader: unique names; values, bounds and lists only where the kind has them. */
function listProblems(
  parameters: readonly MappingParameter[],
  list: string,
  at: (pointer: string, message: string) => DefinitionProblem,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const seen = new Set<string>();
  parameters.forEach((parameter, i) => {
    if (seen.has(parameter.name)) problems.push(at(toPointer([list, i, 'name']), `'${parameter.name}' is listed twice`));
    seen.add(parameter.name);
    const { kind, values, minimum, maximum, multiple } = parameter.value;
    if ((kind === 'enum') !== (values !== undefined)) {
      problems.push(at(toPointer([list, i, 'value']), kind === 'enum' ? 'an enum needs its values' : `values apply to enum, not ${kind}`));
    }
    if ((minimum !== undefined || maximum !== undefined) && kind !== 'integer' && kind !== 'number') {
      problems.push(at(toPointer([list, i, 'value']), `minimum and maximum apply to integer and number, not ${kind}`));
    }
    if (multiple && kind !== 'string' && kind !== 'enum' && kind !== 'field') {
      problems.push(at(toPointer([list, i, 'value', 'multiple']), `multiple applies to string, enum and field, not ${kind}`));
    }
  });
  return problems;
}

class Parameters implements MappingParameters {
  private readonly fieldByName: ReadonlyMap<string, FieldParameter>;
  private readonly topLevelByName: ReadonlyMap<string, MappingParameter>;
  private readonly dynamicTemplateByName: ReadonlyMap<string, MappingParameter>;

  constructor(
    readonly field: readonly FieldParameter[],
    readonly topLevel: readonly MappingParameter[],
    readonly dynamicTemplate: readonly MappingParameter[],
  ) {
    this.fieldByName = new Map(field.map((p) => [p.name, p]));
    this.topLevelByName = new Map(topLevel.map((p) => [p.name, p]));
    this.dynamicTemplateByName = new Map(dynamicTemplate.map((p) => [p.name, p]));
  }

  fieldParameter(name: string): FieldParameter | undefined {
    return this.fieldByName.get(name);
  }

  forType(esType: string): FieldParameter[] {
    return this.field.filter((parameter) => parameter.appliesTo.includes(esType));
  }

  topLevelKey(name: string): MappingParameter | undefined {
    return this.topLevelByName.get(name);
  }

  dynamicTemplateKey(name: string): MappingParameter | undefined {
    return this.dynamicTemplateByName.get(name);
  }
}

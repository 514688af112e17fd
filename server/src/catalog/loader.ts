// Reads definition files: YAML with line numbers, ajv validation, checks one file can make on its own.
import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv/dist/2020';
import { DefinitionField, DefinitionFile, LoadedDefinition } from './definition';
import { DefinitionProblem } from './types';
import { definitionValidator, validateSource } from './validate';
import { parseYamlSource, toPointer } from './yamlSource';

export interface LoadResult {
  definitions: LoadedDefinition[];
  problems: DefinitionProblem[];
}

/** Loads every file, collecting problems across all of them instead of stopping at the first. */
export function loadDefinitionFiles(files: readonly string[], schemaFile: string, custom: boolean): LoadResult {
  if (files.length === 0) return { definitions: [], problems: [] };
  const validate = definitionValidator(schemaFile);
  const definitions: LoadedDefinition[] = [];
  const problems: DefinitionProblem[] = [];
  for (const file of files) {
    const result = loadDefinitionFile(file, validate, custom);
    if (result.definition) definitions.push(result.definition);
    problems.push(...result.problems);
  }
  return { definitions, problems };
}

export function loadDefinitionFile(
  file: string,
  validate: ValidateFunction,
  custom: boolean,
): { definition?: LoadedDefinition; problems: DefinitionProblem[] } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { problems: [{ file, path: '', message: `cannot read: ${(error as Error).message}` }] };
  }
  const parsed = parseYamlSource(file, text);
  if (!parsed.ok) return { problems: parsed.problems };
  const schemaProblems = validateSource(validate, parsed.source);
  if (schemaProblems.length > 0) return { problems: schemaProblems };
  const source = parsed.source;
  const definition: LoadedDefinition = {
    file,
    custom,
    data: source.value as DefinitionFile,
    ref: (pointer) => ({ file, line: source.lineOf(pointer), path: pointer }),
  };
  return { definition, problems: checkDefinition(definition) };
}

/** What the JSON Schema cannot say: duplicates and options that only fit some datatypes. */
export function checkDefinition(definition: LoadedDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const at = (pointer: string, message: string): void => {
    problems.push({ ...definition.ref(pointer), message });
  };
  const firstIndex = new Map<string, number>();
  (definition.data.fields ?? []).forEach((field, index) => {
    const pointer = toPointer(['fields', index]);
    const earlier = firstIndex.get(field.name);
    if (earlier === undefined) firstIndex.set(field.name, index);
    else {
      const line = definition.ref(toPointer(['fields', earlier])).line;
      at(`${pointer}/name`, `duplicate field name '${field.name}' (first defined at ${toPointer(['fields', earlier])}${line ? `, line ${line}` : ''})`);
    }
    for (const [key, message] of fieldOptionProblems(field)) at(`${pointer}/${key}`, message);
  });
  const seenReuse = new Set<string>();
  (definition.data.reusedAt ?? []).forEach((reuse, index) => {
    const key = `${reuse.at}|${reuse.as ?? definition.data.fieldset}`;
    if (seenReuse.has(key)) at(toPointer(['reusedAt', index]), `the set is placed at '${reuse.at}' as '${reuse.as ?? definition.data.fieldset}' twice`);
    seenReuse.add(key);
  });
  return problems;
}

function fieldOptionProblems(field: DefinitionField): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (field.type === 'scaled_float' && field.scalingFactor === undefined) {
    out.push(['type', 'a scaled_float field needs scalingFactor']);
  }
  if (field.type !== 'scaled_float' && field.scalingFactor !== undefined) {
    out.push(['scalingFactor', `scalingFactor applies only to scaled_float, not ${field.type}`]);
  }
  if (field.type !== 'object') {
    for (const key of ['open', 'flat', 'allowedChildren'] as const) {
      if (field[key] !== undefined) out.push([key, `${key} applies only to object fields, not ${field.type}`]);
    }
  }
  if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
    out.push(['min', `min ${field.min} is greater than max ${field.max}`]);
  }
  return out;
}

// Reads one YAML data file of schema/ (other than the field sets) and validates it with its JSON Schema (ajv).
import { readFileSync } from 'node:fs';
import { builtinSchemaDir } from './schemaDir';
import { YamlSource, parseYamlSource } from './yamlSource';
import { DefinitionError, DefinitionProblem } from './types';
import { definitionValidator, validateSource } from './validate';

/** A valid file's data with the way back to its lines, for the loader's own cross-reference checks. */
export interface DataFile {
  file: string;
  data: unknown;
  /** A problem located at `pointer` (`/esTypes/3/category`). */
  problem(pointer: string, message: string): DefinitionProblem;
}

/** Throws DefinitionError naming the file, line and path of every problem: a broken data file is a broken build. */
export function loadDataFile(file: string, schemaFile: string): DataFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new DefinitionError([{ file, path: '', message: `cannot read: ${(error as Error).message}` }]);
  }
  const parsed = parseYamlSource(file, text);
  if (!parsed.ok) throw new DefinitionError(parsed.problems);
  let validate: ReturnType<typeof definitionValidator>;
  try {
    validate = definitionValidator(schemaFile);
  } catch (error) {
    throw new DefinitionError([{ file: schemaFile, path: '', message: `cannot use this JSON Schema: ${(error as Error).message}` }]);
  }
  const problems = validateSource(validate, parsed.source);
  if (problems.length > 0) throw new DefinitionError(problems);
  return { file, data: parsed.source.value, problem: locate(parsed.source) };
}

function locate(source: YamlSource): DataFile['problem'] {
  return (pointer, message) => ({ file: source.file, line: source.lineOf(pointer), path: pointer, message });
}

/** `read` once per schema/ folder (the built-in one by default): the shipped data files do not change while running. */
export function oncePerSchemaDir<T>(read: (schemaDir: string) => T): (schemaDir?: string) => T {
  const loaded = new Map<string, T>();
  return (schemaDir = builtinSchemaDir()) => {
    let value = loaded.get(schemaDir);
    if (value === undefined) {
      value = read(schemaDir);
      loaded.set(schemaDir, value);
    }
    return value;
  };
}

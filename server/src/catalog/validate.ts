// Validates definition data against schema/definition.schema.json with ajv (draft 2020-12), as located problems.
import { readFileSync } from 'node:fs';
import type * as Ajv from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { YamlSource, parsePointer } from './yamlSource';
import { DefinitionProblem } from './types';

const validators = new Map<string, ValidateFunction>();

/** Compiles the definition schema once per process: it is the slow part of loading. */
export function definitionValidator(schemaFile: string): ValidateFunction {
  let validate = validators.get(schemaFile);
  if (!validate) {
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as object;
    // Loaded here, not at the top: a server started from the build's snapshot never compiles the schema.
    const { default: Ajv2020 } = require('ajv/dist/2020') as typeof Ajv;
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    ajv.addFormat('regex', isRegex);
    validate = ajv.compile(schema);
    validators.set(schemaFile, validate);
  }
  return validate;
}

/** Patterns are used with the `u` flag, as JSON Schema's `pattern` is. */
export function isRegex(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

export function validateSource(validate: ValidateFunction, source: YamlSource): DefinitionProblem[] {
  if (validate(source.value)) return [];
  const problems = (validate.errors ?? []).map((error) => toProblem(error, source));
  return dedupe(problems);
}

function toProblem(error: ErrorObject, source: YamlSource): DefinitionProblem {
  const path = error.keyword === 'additionalProperties'
    ? `${error.instancePath}/${String(error.params.additionalProperty)}`
    : error.instancePath;
  return { file: source.file, line: source.lineOf(path), path, message: describe(error, valueAt(source.value, path)) };
}

function describe(error: ErrorObject, value: unknown): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `missing required property '${String(params.missingProperty)}'`;
    case 'additionalProperties':
      return `unknown property '${String(params.additionalProperty)}'`;
    case 'enum':
      return `${JSON.stringify(value)} is not one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}, found ${JSON.stringify(value)}`;
    case 'type':
      return `expected ${String(params.type)}, found ${describeType(value)}`;
    case 'pattern':
      return `${JSON.stringify(value)} does not match ${String(params.pattern)}`;
    case 'format':
      return params.format === 'regex'
        ? `${JSON.stringify(value)} is not a valid regular expression`
        : `${JSON.stringify(value)} is not a valid ${String(params.format)}`;
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;
}

function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const segment of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** allErrors can report one mistake twice (e.g. through $ref); keep each path+message once. */
function dedupe(problems: DefinitionProblem[]): DefinitionProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// The ingest processor table: schema/ingest/processors.yml as typed, frozen data, validated with ajv on load.
// A build-time snapshot (dist/processors-snapshot.json) spares a server the YAML parse and the schema compile.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { builtinSchemaDir } from './schemaDir';
import { sha256, snapshotPath, writeSnapshot } from './snapshot';
import { DefinitionError, DefinitionProblem } from './types';
import { definitionValidator, validateSource } from './validate';
import { parsePointer, parseYamlSource, toPointer } from './yamlSource';

export const PROCESSORS_FILE = join('ingest', 'processors.yml');
export const PROCESSORS_SCHEMA_FILE = join('ingest', 'processors.schema.json');
export const PROCESSOR_SNAPSHOT_FILE = 'processors-snapshot.json';

/** What one value of an option is; schema/ingest/processors.yml explains each. */
export type OptionKind =
  | 'field' | 'fields' | 'fieldMap' | 'dottedKey'
  | 'template' | 'templates' | 'value'
  | 'grokPatterns' | 'grokDefinitions' | 'dissectPattern' | 'regex' | 'script'
  | 'typeName' | 'processors' | 'processor'
  | 'string' | 'strings' | 'number' | 'boolean' | 'object' | 'enum';

/** Every kind, in the order of the schema's enum. */
export const OPTION_KINDS: readonly OptionKind[] = Object.freeze([
  'field', 'fields', 'fieldMap', 'dottedKey', 'template', 'templates', 'value', 'grokPatterns', 'grokDefinitions',
  'dissectPattern', 'regex', 'script', 'typeName', 'processors', 'processor', 'string', 'strings', 'number', 'boolean',
  'object', 'enum',
] as const);

/** The kinds whose value names fields; exactly these carry an `access`. */
export const FIELD_KINDS: readonly OptionKind[] = Object.freeze(['field', 'fields', 'fieldMap', 'dottedKey'] as const);

export type FieldAccess = 'read' | 'write' | 'remove';

export interface OptionSpec {
  readonly name: string;
  readonly kind: OptionKind;
  /** Set exactly when `kind` is one of FIELD_KINDS. */
  readonly access?: FieldAccess;
  /** Whether Elasticsearch renders {{mustache}} in the value. */
  readonly template: boolean;
  readonly required: boolean;
  readonly default?: unknown;
  /** The option whose value is the default: a target written in place (`convert.target_field` ← `field`). */
  readonly defaultFrom?: string;
  /** `object`: the option names an object the processor fills (a namespace, never a value of its own). */
  readonly holds?: 'object';
  /** The values the option (or each item of it) may take. */
  readonly values?: readonly string[];
  /** The Elasticsearch version the option appeared in, where known. */
  readonly since?: string;
  readonly description: string;
  /** True for the options every processor takes (if, tag, description, ignore_failure, on_failure). */
  readonly common: boolean;
}

/** A field a processor writes when it is not told where to write. */
export interface DefaultWrite {
  readonly path: string;
  /** The option that, when given, replaces this target; none when the processor always writes `path`. */
  readonly unless?: string;
}

export interface ProcessorSpec {
  readonly name: string;
  readonly description: string;
  readonly docsUrl: string;
  readonly since?: string;
  /** Every option the processor takes: its own, then the common ones. A null-prototype object. */
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Its required options, in the order of `options` (read for every processor of a pipeline: made once). */
  readonly required: readonly OptionSpec[];
  readonly defaultWrites: readonly DefaultWrite[];
  /** Groups of options of which exactly one must be given (`set`: value or copy_from). */
  readonly oneOf: readonly (readonly string[])[];
  /**
   * What the processor writes in place when a target option is left out: the target's `defaultFrom` option (its
   * `field`), as an option that writes the names it holds.
   */
  readonly inPlace: readonly InPlaceWrite[];
}

/** A target option (`target_field`) whose default is another option's value, and that option as a write. */
export interface InPlaceWrite {
  readonly target: string;
  readonly source: OptionSpec;
}

export interface ProcessorTable {
  /** Processor names, sorted. */
  names(): readonly string[];
  /** undefined for a name outside the table (an unknown processor). */
  get(name: string): ProcessorSpec | undefined;
  /** The option of a processor (its own or a common one); undefined when either is unknown. */
  option(processor: string, option: string): OptionSpec | undefined;
  /** The options every processor takes. A null-prototype object. */
  readonly common: Readonly<Record<string, OptionSpec>>;
}

/** The file format, as the schema allows it. */
interface OptionData {
  kind: OptionKind;
  access?: FieldAccess;
  template?: boolean;
  required?: boolean;
  default?: unknown;
  defaultFrom?: string;
  holds?: 'object';
  values?: string[];
  since?: string;
  description: string;
}

interface ProcessorData {
  description: string;
  docs: string;
  since?: string;
  options: Record<string, OptionData>;
  writes?: DefaultWrite[];
  oneOf?: string[][];
}

interface TableData {
  common: Record<string, OptionData>;
  processors: Record<string, ProcessorData>;
}

interface ProcessorSnapshot {
  format: number;
  yamlSha256: string;
  schemaSha256: string;
  data: TableData;
}

const SNAPSHOT_FORMAT = 1;

let builtin: ProcessorTable | undefined;

/** The built-in table, loaded on first use; throws DefinitionError naming the processor and option at fault. */
export function loadProcessorTable(): ProcessorTable {
  builtin ??= loadBuiltin();
  return builtin;
}

function loadBuiltin(): ProcessorTable {
  const schemaDir = builtinSchemaDir();
  const file = join(schemaDir, PROCESSORS_FILE);
  const schemaFile = join(schemaDir, PROCESSORS_SCHEMA_FILE);
  const fromSnapshot = readProcessorSnapshot(processorSnapshotPath(schemaDir), file, schemaFile);
  return fromSnapshot ? tableFromData(file, fromSnapshot, () => undefined) : loadProcessorFile(file, schemaFile);
}

/** Reads, validates and checks a processor table file; throws DefinitionError listing every problem. */
export function loadProcessorFile(file: string, schemaFile: string): ProcessorTable {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new DefinitionError([{ file, path: '', message: `cannot read the processor table: ${(error as Error).message}` }]);
  }
  const parsed = parseYamlSource(file, text);
  if (!parsed.ok) throw new DefinitionError(parsed.problems);
  const problems = validateSource(definitionValidator(schemaFile), parsed.source);
  if (problems.length > 0) throw new DefinitionError(problems.map(locate));
  return tableFromData(file, parsed.source.value as TableData, parsed.source.lineOf);
}

/** Prefixes a schema problem with the processor and option its pointer leads to. */
function locate(problem: DefinitionProblem): DefinitionProblem {
  const where = describePointer(problem.path);
  return where ? { ...problem, message: `${where}: ${problem.message}` } : problem;
}

/** `/processors/rename/options/field/kind` → "processor 'rename', option 'field'". */
function describePointer(pointer: string): string {
  const [section, name, part, option] = parsePointer(pointer);
  if (section === 'common' && name !== undefined) return `common option '${name}'`;
  if (section !== 'processors' || name === undefined) return '';
  if (part === 'options' && option !== undefined) return `processor '${name}', option '${option}'`;
  return `processor '${name}'`;
}

/** What the schema cannot say: references between options of one processor. */
function checkTable(file: string, data: TableData, lineOf: (pointer: string) => number | undefined): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const at = (segments: (string | number)[], message: string): void => {
    const path = toPointer(segments);
    problems.push({ file, line: lineOf(path), path, message: `${describePointer(path)}: ${message}` });
  };
  for (const [name, processor] of Object.entries(data.processors)) {
    const own = Object.keys(processor.options);
    const known = (option: string): boolean => own.includes(option);
    for (const [optionName, option] of Object.entries(processor.options)) {
      const segments = ['processors', name, 'options', optionName];
      if (Object.hasOwn(data.common, optionName)) at(segments, `redefines the common option '${optionName}'`);
      if (option.defaultFrom !== undefined && !known(option.defaultFrom)) {
        at([...segments, 'defaultFrom'], `defaultFrom names '${option.defaultFrom}', which is not an option of ${name}`);
      }
      if (option.defaultFrom !== undefined && option.default !== undefined) {
        at([...segments, 'default'], 'has both default and defaultFrom');
      }
    }
    (processor.writes ?? []).forEach((write, index) => {
      if (write.unless !== undefined && !known(write.unless)) {
        at(['processors', name, 'writes', index, 'unless'], `unless names '${write.unless}', which is not an option of ${name}`);
      }
    });
    (processor.oneOf ?? []).forEach((group, index) => {
      for (const option of group.filter((o) => !known(o))) {
        at(['processors', name, 'oneOf', index], `oneOf names '${option}', which is not an option of ${name}`);
      }
    });
  }
  return problems;
}

function tableFromData(file: string, data: TableData, lineOf: (pointer: string) => number | undefined): ProcessorTable {
  const problems = checkTable(file, data, lineOf);
  if (problems.length > 0) throw new DefinitionError(problems);
  const common = freezeOptions(Object.entries(data.common).map(([name, option]) => toOption(name, option, true)));
  const processors = new Map<string, ProcessorSpec>();
  for (const name of Object.keys(data.processors).sort()) {
    const source = data.processors[name];
    const own = Object.entries(source.options).map(([optionName, option]) => toOption(optionName, option, false));
    const options = freezeOptions([...own, ...Object.values(common)]);
    processors.set(name, Object.freeze({
      name,
      description: source.description.trim(),
      docsUrl: source.docs,
      ...(source.since !== undefined ? { since: source.since } : {}),
      options,
      required: Object.freeze(Object.values(options).filter((o) => o.required)),
      defaultWrites: Object.freeze((source.writes ?? []).map((write) => Object.freeze({ ...write }))),
      oneOf: Object.freeze((source.oneOf ?? []).map((group) => Object.freeze([...group]))),
      inPlace: Object.freeze(Object.values(options).flatMap((target) => {
        const from = target.defaultFrom === undefined ? undefined : options[target.defaultFrom];
        if (!from) return [];
        const source: OptionSpec = { ...from, access: 'write', ...(target.holds !== undefined ? { holds: target.holds } : {}) };
        return [Object.freeze({ target: target.name, source: Object.freeze(source) })];
      })),
    }));
  }
  const names = Object.freeze([...processors.keys()]);
  // Each processor's options as a Map as well: `option` is asked for every option of every processor a pipeline
  // names, several times, and a frozen null-prototype object is a dictionary (a lookup for `hasOwn`, another to read).
  const optionMaps = new Map([...processors].map(([name, spec]) => [name, new Map(Object.entries(spec.options))]));
  return Object.freeze({
    names: () => names,
    get: (name: string) => processors.get(name),
    option: (processor: string, option: string) => optionMaps.get(processor)?.get(option),
    common,
  });
}

function toOption(name: string, data: OptionData, common: boolean): OptionSpec {
  return Object.freeze({
    name,
    kind: data.kind,
    ...(data.access !== undefined ? { access: data.access } : {}),
    template: data.template ?? false,
    required: data.required ?? false,
    ...(data.default !== undefined ? { default: deepFreeze(structuredClone(data.default)) } : {}),
    ...(data.defaultFrom !== undefined ? { defaultFrom: data.defaultFrom } : {}),
    ...(data.holds !== undefined ? { holds: data.holds } : {}),
    ...(data.values !== undefined ? { values: Object.freeze([...data.values]) } : {}),
    ...(data.since !== undefined ? { since: data.since } : {}),
    description: data.description.trim(),
    common,
  });
}

/** Null prototype: `options['constructor']` is undefined, as for any other unknown option. */
function freezeOptions(options: readonly OptionSpec[]): Readonly<Record<string, OptionSpec>> {
  const out = Object.create(null) as Record<string, OptionSpec>;
  for (const option of options) out[option.name] = option;
  return Object.freeze(out);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Beside the catalog's snapshot, in dist/. */
export function processorSnapshotPath(schemaDir: string): string {
  return join(dirname(snapshotPath(schemaDir)), PROCESSOR_SNAPSHOT_FILE);
}

/** The snapshot's data when it matches both files byte for byte; undefined otherwise (the files are loaded). */
export function readProcessorSnapshot(snapshotFile: string, file: string, schemaFile: string): TableData | undefined {
  let snapshot: ProcessorSnapshot;
  try {
    snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as ProcessorSnapshot;
    if (snapshot.format !== SNAPSHOT_FORMAT) return undefined;
    if (snapshot.yamlSha256 !== sha256(readFileSync(file, 'utf8'))) return undefined;
    if (snapshot.schemaSha256 !== sha256(readFileSync(schemaFile, 'utf8'))) return undefined;
  } catch {
    return undefined;
  }
  return snapshot.data;
}

/** Loads the file in full (so a snapshot is only ever made of a valid table) and returns what to write. */
export function createProcessorSnapshot(file: string, schemaFile: string): ProcessorSnapshot {
  loadProcessorFile(file, schemaFile);
  const yamlText = readFileSync(file, 'utf8');
  const parsed = parseYamlSource(file, yamlText);
  if (!parsed.ok) throw new Error(`${file} changed while the snapshot was made`);
  return {
    format: SNAPSHOT_FORMAT,
    yamlSha256: sha256(yamlText),
    schemaSha256: sha256(readFileSync(schemaFile, 'utf8')),
    data: parsed.source.value as TableData,
  };
}

/** Run by the build: writes the snapshot, or removes a stale one and returns why (the build goes on). */
export function buildProcessorSnapshot(): string {
  const schemaDir = builtinSchemaDir();
  const target = processorSnapshotPath(schemaDir);
  try {
    mkdirSync(dirname(target), { recursive: true });
    writeSnapshot(target, createProcessorSnapshot(join(schemaDir, PROCESSORS_FILE), join(schemaDir, PROCESSORS_SCHEMA_FILE)));
    return '';
  } catch (error) {
    rmSync(target, { force: true });
    return `processor snapshot not written; the processor table has problems:\n${(error as Error).message}`;
  }
}

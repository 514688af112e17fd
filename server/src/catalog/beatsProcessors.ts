// The Beats and Elastic Agent processor table: schema/beats/processors.yml as typed, frozen data, validated with ajv
// on load and read once per schema/ folder. Besides the processors it holds the `when` conditions, the if/then/else
// form, the dissect tokenizer's modifiers and the script processor's event API.
import { join } from 'node:path';
import { DataFile, loadDataFile, oncePerSchemaDir } from './dataFile';
import { DefinitionError, DefinitionProblem } from './types';
import { parsePointer, toPointer } from './yamlSource';

export const BEATS_PROCESSORS_FILE = join('beats', 'processors.yml');
export const BEATS_PROCESSORS_SCHEMA_FILE = join('beats', 'processors.schema.json');

/** What one value of an option is; the header of schema/beats/processors.yml explains each. */
export type BeatsOptionKind =
  | 'field' | 'fields' | 'fieldMap' | 'objectPath' | 'namePrefix'
  | 'dissectTokenizer' | 'condition' | 'processors' | 'script' | 'scriptFile' | 'scriptFiles' | 'regex'
  | 'typeName' | 'enum' | 'value' | 'values' | 'string' | 'strings' | 'number' | 'boolean' | 'object' | 'objects';

/** Every kind, in the order of the schema's enum. */
export const BEATS_OPTION_KINDS: readonly BeatsOptionKind[] = Object.freeze([
  'field', 'fields', 'fieldMap', 'objectPath', 'namePrefix', 'dissectTokenizer', 'condition', 'processors', 'script',
  'scriptFile', 'scriptFiles', 'regex', 'typeName', 'enum', 'value', 'values', 'string', 'strings', 'number', 'boolean',
  'object', 'objects',
] as const);

/** The kinds whose value names fields directly; exactly these carry an `access` (a fieldMap says it per key and value). */
export const BEATS_FIELD_KINDS: readonly BeatsOptionKind[] = Object.freeze(['field', 'fields', 'objectPath', 'namePrefix'] as const);

/** `update`: read, then written back in place. */
export type BeatsFieldAccess = 'read' | 'write' | 'remove' | 'update';

/** The keys of a fieldMap: field names, placed under `prefix` when there is one. */
export interface BeatsMapKeys {
  readonly access: BeatsFieldAccess;
  readonly prefix?: string;
  /** Nested keys join into one dotted key under the prefix (add_labels) instead of nesting objects. */
  readonly flattened: boolean;
}

/** The values of a fieldMap: field names, literal values, or numbers (array indexes). */
export interface BeatsMapValues {
  readonly kind: 'field' | 'value' | 'number';
  /** Set exactly when `kind` is `field`. */
  readonly access?: BeatsFieldAccess;
}

export interface BeatsOptionSpec {
  readonly name: string;
  /** Dotted from the processor: `backend.memory.id`; an item property of a list option is `fields.from`. */
  readonly path: string;
  readonly kind: BeatsOptionKind;
  /** Set exactly when `kind` is one of BEATS_FIELD_KINDS. */
  readonly access?: BeatsFieldAccess;
  readonly required: boolean;
  readonly default?: unknown;
  /** The sibling option whose value is the default (a target written in place). */
  readonly defaultFrom?: string;
  /** The sibling objectPath or namePrefix option whose value, or default, this option's names are under. */
  readonly relativeTo?: string;
  /** For `fields`: an entry between two slashes is a regular expression matching names (drop_fields). */
  readonly regexEntries: boolean;
  /** The values the option (or each item of it) may take. */
  readonly values?: readonly string[];
  /** Set exactly when `kind` is `fieldMap`. */
  readonly keys?: BeatsMapKeys;
  /** Set exactly when `kind` is `fieldMap`. */
  readonly mapValues?: BeatsMapValues;
  /** For object and objects: the keys of the object (of each item). A null-prototype object; absent when free-form. */
  readonly properties?: Readonly<Record<string, BeatsOptionSpec>>;
  readonly description: string;
  /** True for the options every processor takes (when). */
  readonly common: boolean;
}

/** A field a processor writes or reads without being told which. */
export interface BeatsFieldUse {
  readonly path: string;
  /** The option that, when given, replaces this field. */
  readonly unless?: string;
  /** The option whose value, when given, is the object `path` is placed under. */
  readonly relativeTo?: string;
  /** The option (path) that must be set for the field to be used: given, or for a boolean true, its default counting. */
  readonly onlyWith?: string;
}

export interface BeatsProcessorSpec {
  readonly name: string;
  readonly description: string;
  readonly docsUrl: string;
  readonly maturity?: 'beta' | 'preview';
  /** Every top-level option: its own, then the common ones. A null-prototype object. */
  readonly options: Readonly<Record<string, BeatsOptionSpec>>;
  /** Its own options at every depth, each parent before its properties, in the file's order. */
  readonly everyOption: readonly BeatsOptionSpec[];
  /** Its required top-level options, in the order of `options`. */
  readonly required: readonly BeatsOptionSpec[];
  readonly writes: readonly BeatsFieldUse[];
  readonly reads: readonly BeatsFieldUse[];
  /** Groups of option paths of which exactly one must be given (script: source, file, files). */
  readonly oneOf: readonly (readonly string[])[];
  /** Groups of option paths of which at least one must be given (translate_sid's targets). */
  readonly anyOf: readonly (readonly string[])[];
  /** Groups of option paths of which at most one may be given (truncate_fields: max_bytes, max_characters). */
  readonly exclusive: readonly (readonly string[])[];
}

/** The if/then/else form, which stands in a processors list where a processor would. */
export interface BeatsControlForm {
  readonly docsUrl: string;
  readonly description: string;
  /** if, then, else. A null-prototype object. */
  readonly options: Readonly<Record<string, BeatsOptionSpec>>;
}

export type BeatsConditionForm = 'fieldValues' | 'fields' | 'conditions' | 'condition';
export type BeatsConditionValueType = 'string' | 'strings' | 'integer' | 'number' | 'regex' | 'bound';

export interface BeatsConditionSpec {
  readonly name: string;
  /** fieldValues: keys are field names read; fields: a list of field names read; conditions / condition: nested. */
  readonly form: BeatsConditionForm;
  /** What a value may be (fieldValues only; `bound` is range's nested `{gte: 400}` map). */
  readonly valueTypes: readonly BeatsConditionValueType[];
  /** Suffixes a key may carry after its field name (`.gte`), with the meaning of a nested bound. */
  readonly keySuffixes: readonly string[];
  /** Names that stand for a set of values (network's named ranges). */
  readonly namedValues: readonly string[];
  readonly description: string;
}

export interface BeatsDissectModifier {
  readonly token: string;
  readonly position: 'prefix' | 'suffix';
  /** key: the key is written; indirect: the field named by a `?`/`*` key's text is; nothing: no field is. */
  readonly writes: 'key' | 'indirect' | 'nothing';
  readonly description: string;
}

export interface BeatsDissectSpec {
  readonly docsUrl: string;
  /** The names a key may carry after `|`. */
  readonly types: readonly string[];
  /** Characters a key may not contain. */
  readonly reserved: readonly string[];
  readonly modifiers: readonly BeatsDissectModifier[];
}

/** What one argument of an event method is. */
export type BeatsScriptArgument = 'read' | 'write' | 'remove' | 'value' | 'tag';

export interface BeatsScriptMethod {
  readonly name: string;
  readonly arguments: readonly BeatsScriptArgument[];
  readonly description: string;
}

export interface BeatsScriptApi {
  readonly docsUrl: string;
  readonly languages: readonly string[];
  /** Methods of the event the script's process function receives, by name. A null-prototype object. */
  readonly methods: Readonly<Record<string, BeatsScriptMethod>>;
}

export interface BeatsProcessorTable {
  /** Processor names, sorted. */
  names(): readonly string[];
  /** undefined for a name outside the table (an unknown processor, or `if`, which is the control form). */
  get(name: string): BeatsProcessorSpec | undefined;
  /**
   * The option at a dotted path (`cache.ttl`, `fields.from`; Beats reads dotted keys as nesting) of a processor, its
   * own or a common one; undefined when the processor or the path is unknown.
   */
  option(processor: string, path: string): BeatsOptionSpec | undefined;
  /** The options every processor takes. A null-prototype object. */
  readonly common: Readonly<Record<string, BeatsOptionSpec>>;
  readonly control: BeatsControlForm;
  /** Condition names in the file's order. */
  conditionNames(): readonly string[];
  condition(name: string): BeatsConditionSpec | undefined;
  readonly conditionsDocsUrl: string;
  readonly dissect: BeatsDissectSpec;
  readonly script: BeatsScriptApi;
}

// ---------------------------------------------------------------- the file format, as the schema allows it

interface OptionData {
  kind: BeatsOptionKind;
  access?: BeatsFieldAccess;
  required?: boolean;
  default?: unknown;
  defaultFrom?: string;
  relativeTo?: string;
  regexEntries?: true;
  values?: string[];
  keys?: { access: BeatsFieldAccess; prefix?: string; flattened?: true };
  mapValues?: BeatsMapValues;
  properties?: Record<string, OptionData>;
  description: string;
}

interface ProcessorData {
  description: string;
  docs: string;
  maturity?: 'beta' | 'preview';
  options: Record<string, OptionData>;
  writes?: BeatsFieldUse[];
  reads?: BeatsFieldUse[];
  oneOf?: string[][];
  anyOf?: string[][];
  exclusive?: string[][];
}

interface ConditionData {
  form: BeatsConditionForm;
  valueTypes?: BeatsConditionValueType[];
  keySuffixes?: string[];
  namedValues?: string[];
  description: string;
}

interface TableData {
  common: Record<string, OptionData>;
  control: { docs: string; description: string; options: Record<string, OptionData> };
  conditions: { docs: string; operators: Record<string, ConditionData> };
  dissect: { docs: string; types: string[]; reserved: string[]; modifiers: BeatsDissectModifier[] };
  script: { docs: string; languages: string[]; methods: Record<string, { arguments: BeatsScriptArgument[]; description: string }> };
  processors: Record<string, ProcessorData>;
}

// ---------------------------------------------------------------- loading

/** The table of a schema/ folder (the built-in one by default), read once; throws DefinitionError naming the place at fault. */
export const loadBeatsProcessorTable: (schemaDir?: string) => BeatsProcessorTable = oncePerSchemaDir(readTable);

function readTable(schemaDir: string): BeatsProcessorTable {
  let file: DataFile;
  try {
    file = loadDataFile(join(schemaDir, BEATS_PROCESSORS_FILE), join(schemaDir, BEATS_PROCESSORS_SCHEMA_FILE));
  } catch (error) {
    if (error instanceof DefinitionError) throw new DefinitionError(error.problems.map(locate));
    throw error;
  }
  const data = file.data as TableData;
  const problems = checkTable(data, (pointer, message) => locate(file.problem(pointer, message)));
  if (problems.length > 0) throw new DefinitionError(problems);
  return tableFromData(data);
}

/** Prefixes a problem with the processor, option, condition or method its pointer leads to. */
function locate(problem: DefinitionProblem): DefinitionProblem {
  const where = describePointer(problem.path);
  return where ? { ...problem, message: `${where}: ${problem.message}` } : problem;
}

/** `/processors/cache/options/backend/properties/memory/kind` → "processor 'cache', option 'backend.memory'". */
function describePointer(pointer: string): string {
  const [section, name, ...rest] = parsePointer(pointer);
  if (name === undefined) return '';
  switch (section) {
    case 'processors': {
      const option = rest[0] === 'options' ? optionPathOf(rest.slice(1)) : '';
      return option ? `processor '${name}', option '${option}'` : `processor '${name}'`;
    }
    case 'common':
      return `common option '${optionPathOf([name, ...rest])}'`;
    case 'control': {
      const option = name === 'options' ? optionPathOf(rest) : '';
      return option ? `if/then/else option '${option}'` : 'if/then/else';
    }
    case 'conditions':
      return name === 'operators' && rest[0] !== undefined ? `condition '${rest[0]}'` : 'conditions';
    case 'script':
      return name === 'methods' && rest[0] !== undefined ? `script method '${rest[0]}'` : 'script';
    case 'dissect':
      return 'dissect';
    default:
      return '';
  }
}

/** [memory, properties, id, kind] under an option map → `memory.id`. */
function optionPathOf(segments: readonly string[]): string {
  const names: string[] = [];
  for (let i = 0; i < segments.length; i += 2) {
    names.push(segments[i]);
    if (segments[i + 1] !== 'properties') break;
  }
  return names.join('.');
}

type At = (pointer: string, message: string) => DefinitionProblem;

/** What the schema cannot say: references between options, groups and field uses that must name real options. */
function checkTable(data: TableData, at: At): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  problems.push(...checkOptions(data.common, ['common'], at));
  problems.push(...checkOptions(data.control.options, ['control', 'options'], at));
  for (const [name, processor] of Object.entries(data.processors)) {
    const base = ['processors', name];
    for (const optionName of Object.keys(processor.options)) {
      if (Object.hasOwn(data.common, optionName)) {
        problems.push(at(toPointer([...base, 'options', optionName]), `redefines the common option '${optionName}'`));
      }
    }
    problems.push(...checkOptions(processor.options, [...base, 'options'], at));
    for (const group of ['oneOf', 'anyOf', 'exclusive'] as const) {
      (processor[group] ?? []).forEach((members, index) => {
        for (const member of members.filter((m) => findOption(processor.options, m) === undefined)) {
          problems.push(at(toPointer([...base, group, index]), `${group} names '${member}', which is not an option of ${name}`));
        }
      });
    }
    for (const list of ['writes', 'reads'] as const) {
      (processor[list] ?? []).forEach((use, index) => {
        for (const key of ['unless', 'relativeTo', 'onlyWith'] as const) {
          const named = use[key];
          if (named === undefined) continue;
          const option = findOption(processor.options, named);
          const pointer = toPointer([...base, list, index, key]);
          if (!option) problems.push(at(pointer, `${key} names '${named}', which is not an option of ${name}`));
          else if (key === 'relativeTo' && option.kind !== 'objectPath') problems.push(at(pointer, `relativeTo names '${named}', a ${option.kind}, not an objectPath`));
        }
      });
    }
  }
  return problems;
}

/** Checks one map of sibling options and, through `properties`, every map below it. */
function checkOptions(options: Record<string, OptionData>, base: (string | number)[], at: At): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const [name, option] of Object.entries(options)) {
    const here = [...base, name];
    const sibling = (key: 'defaultFrom' | 'relativeTo', named: string | undefined): OptionData | undefined => {
      if (named === undefined) return undefined;
      const found = Object.hasOwn(options, named) ? options[named] : undefined;
      if (!found) problems.push(at(toPointer([...here, key]), `${key} names '${named}', which is not an option beside '${name}'`));
      return found;
    };
    sibling('defaultFrom', option.defaultFrom);
    const relative = sibling('relativeTo', option.relativeTo);
    if (relative && relative.kind !== 'objectPath' && relative.kind !== 'namePrefix') {
      problems.push(at(toPointer([...here, 'relativeTo']), `relativeTo names '${option.relativeTo}', a ${relative.kind}, not an objectPath or namePrefix`));
    }
    if (option.default !== undefined && option.defaultFrom !== undefined) {
      problems.push(at(toPointer([...here, 'default']), 'has both default and defaultFrom'));
    }
    if (option.values !== undefined && option.default !== undefined) {
      const defaults = Array.isArray(option.default) ? option.default : [option.default];
      for (const value of defaults.filter((v) => typeof v !== 'string' || !option.values?.includes(v))) {
        problems.push(at(toPointer([...here, 'default']), `the default ${JSON.stringify(value)} is not one of its values`));
      }
    }
    if (option.properties) problems.push(...checkOptions(option.properties, [...here, 'properties'], at));
  }
  return problems;
}

/** The option at a dotted path through `properties`; undefined when any part is missing. */
function findOption(options: Record<string, OptionData>, path: string): OptionData | undefined {
  let level: Record<string, OptionData> | undefined = options;
  let found: OptionData | undefined;
  for (const name of path.split('.')) {
    found = level && Object.hasOwn(level, name) ? level[name] : undefined;
    if (!found) return undefined;
    level = found.properties;
  }
  return found;
}

// ---------------------------------------------------------------- the frozen table

function tableFromData(data: TableData): BeatsProcessorTable {
  const common = optionMap(data.common, '', true);
  const processors = new Map<string, BeatsProcessorSpec>();
  const paths = new Map<string, ReadonlyMap<string, BeatsOptionSpec>>();
  const commonPaths = pathsOf(Object.values(common));
  for (const name of Object.keys(data.processors).sort()) {
    const source = data.processors[name];
    const own = optionMap(source.options, '', false);
    const options = nullPrototype([...Object.values(own), ...Object.values(common)]);
    const everyOption = Object.freeze(flatten(Object.values(own)));
    processors.set(name, Object.freeze({
      name,
      description: source.description.trim(),
      docsUrl: source.docs,
      ...(source.maturity !== undefined ? { maturity: source.maturity } : {}),
      options,
      everyOption,
      required: Object.freeze(Object.values(options).filter((o) => o.required)),
      writes: frozenCopy(source.writes ?? []),
      reads: frozenCopy(source.reads ?? []),
      oneOf: frozenCopy(source.oneOf ?? []),
      anyOf: frozenCopy(source.anyOf ?? []),
      exclusive: frozenCopy(source.exclusive ?? []),
    }));
    paths.set(name, new Map([...pathsOf(everyOption), ...commonPaths]));
  }
  const names = Object.freeze([...processors.keys()]);
  const conditions = new Map(Object.entries(data.conditions.operators).map(([name, c]) => [name, Object.freeze({
    name,
    form: c.form,
    valueTypes: frozenCopy(c.valueTypes ?? []),
    keySuffixes: frozenCopy(c.keySuffixes ?? []),
    namedValues: frozenCopy(c.namedValues ?? []),
    description: c.description.trim(),
  })]));
  const conditionNames = Object.freeze([...conditions.keys()]);
  const methods = Object.create(null) as Record<string, BeatsScriptMethod>;
  for (const [name, method] of Object.entries(data.script.methods)) {
    methods[name] = Object.freeze({ name, arguments: frozenCopy(method.arguments), description: method.description.trim() });
  }
  return Object.freeze({
    names: () => names,
    get: (name: string) => processors.get(name),
    option: (processor: string, path: string) => paths.get(processor)?.get(path),
    common,
    control: Object.freeze({
      docsUrl: data.control.docs,
      description: data.control.description.trim(),
      options: optionMap(data.control.options, '', false),
    }),
    conditionNames: () => conditionNames,
    condition: (name: string) => conditions.get(name),
    conditionsDocsUrl: data.conditions.docs,
    dissect: Object.freeze({
      docsUrl: data.dissect.docs,
      types: frozenCopy(data.dissect.types),
      reserved: frozenCopy(data.dissect.reserved),
      modifiers: frozenCopy(data.dissect.modifiers.map((m) => ({ ...m, description: m.description.trim() }))),
    }),
    script: Object.freeze({ docsUrl: data.script.docs, languages: frozenCopy(data.script.languages), methods: Object.freeze(methods) }),
  });
}

function optionMap(options: Record<string, OptionData>, parent: string, common: boolean): Readonly<Record<string, BeatsOptionSpec>> {
  return nullPrototype(Object.entries(options).map(([name, option]) => toOption(name, parent ? `${parent}.${name}` : name, option, common)));
}

function toOption(name: string, path: string, data: OptionData, common: boolean): BeatsOptionSpec {
  return Object.freeze({
    name,
    path,
    kind: data.kind,
    ...(data.access !== undefined ? { access: data.access } : {}),
    required: data.required ?? false,
    ...(data.default !== undefined ? { default: frozenCopy(data.default) } : {}),
    ...(data.defaultFrom !== undefined ? { defaultFrom: data.defaultFrom } : {}),
    ...(data.relativeTo !== undefined ? { relativeTo: data.relativeTo } : {}),
    regexEntries: data.regexEntries ?? false,
    ...(data.values !== undefined ? { values: frozenCopy(data.values) } : {}),
    ...(data.keys !== undefined ? { keys: Object.freeze({ ...data.keys, flattened: data.keys.flattened ?? false }) } : {}),
    ...(data.mapValues !== undefined ? { mapValues: Object.freeze({ ...data.mapValues }) } : {}),
    ...(data.properties !== undefined ? { properties: optionMap(data.properties, path, common) } : {}),
    description: data.description.trim(),
    common,
  });
}

/** Each option, then the options below it, depth first. */
function flatten(options: readonly BeatsOptionSpec[]): BeatsOptionSpec[] {
  return options.flatMap((option) => [option, ...flatten(Object.values(option.properties ?? {}))]);
}

function pathsOf(options: readonly BeatsOptionSpec[]): Map<string, BeatsOptionSpec> {
  return new Map(flatten(options).map((option) => [option.path, option]));
}

/** Null prototype: `options['constructor']` is undefined, as for any other unknown option. */
function nullPrototype(options: readonly BeatsOptionSpec[]): Readonly<Record<string, BeatsOptionSpec>> {
  const out = Object.create(null) as Record<string, BeatsOptionSpec>;
  for (const option of options) out[option.name] = option;
  return Object.freeze(out);
}

/** A deep copy with every array and object in it frozen: the table's data never changes once loaded. */
function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  const copy = Array.isArray(value)
    ? value.map((item: unknown) => frozenCopy(item))
    : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, frozenCopy(inner)]));
  return Object.freeze(copy) as T;
}

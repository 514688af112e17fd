// The Logstash plugin table (schema/logstash/plugins.yml) and the grok pattern captures
// (schema/logstash/grok-ecs-patterns.yml) as typed, frozen data, validated with ajv on load, read once per schema/ folder.
import { join } from 'node:path';
import { DataFile, loadDataFile, oncePerSchemaDir } from './dataFile';
import { toPointer } from './yamlSource';
import type { IngestKind } from './typeCompatibility';
import { DefinitionError, DefinitionProblem } from './types';

export const PLUGINS_FILE = join('logstash', 'plugins.yml');
export const PLUGINS_SCHEMA_FILE = join('logstash', 'plugins.schema.json');
export const GROK_PATTERNS_FILE = join('logstash', 'grok-ecs-patterns.yml');
export const GROK_PATTERNS_SCHEMA_FILE = join('logstash', 'grok-ecs-patterns.schema.json');

/** A value of `ecs_compatibility` (plugin option or `pipeline.ecs_compatibility`). */
export type EcsMode = 'disabled' | 'v1' | 'v8';
export const ECS_MODES: readonly EcsMode[] = Object.freeze(['disabled', 'v1', 'v8'] as const);

/** How the table groups modes: every plugin modelled treats v8 as v1. */
export type ModeGroup = 'disabled' | 'ecs';

export function isEcsMode(value: string): value is EcsMode {
  return (ECS_MODES as readonly string[]).includes(value);
}

export function modeGroup(mode: EcsMode): ModeGroup {
  return mode === 'disabled' ? 'disabled' : 'ecs';
}

export type PluginSection = 'filter' | 'input' | 'output';

/** Logstash's config validation types. */
export type ValueType =
  | 'string' | 'number' | 'boolean' | 'array' | 'hash' | 'codec' | 'password' | 'uri' | 'path' | 'bytes'
  | 'field_reference' | 'sha_256_hex' | 'ipaddr';

/** How an option's value names fields; schema/logstash/plugins.yml explains each. */
export type NameKind =
  | 'field' | 'fields' | 'fieldMap' | 'fieldKeys' | 'template' | 'templates' | 'gsubTriples' | 'grokMatch'
  | 'grokDefinitions' | 'dissectMapping' | 'dateMatch' | 'rubyCode' | 'nameRegexes' | 'parsedKeys' | 'targetNames'
  | 'targetNameMap' | 'namePrefix' | 'xpathMap' | 'pipelineAddress' | 'pipelineAddresses';

/** Every kind, in the order of the schema's enum. */
export const NAME_KINDS: readonly NameKind[] = Object.freeze([
  'field', 'fields', 'fieldMap', 'fieldKeys', 'template', 'templates', 'gsubTriples', 'grokMatch', 'grokDefinitions',
  'dissectMapping', 'dateMatch', 'rubyCode', 'nameRegexes', 'parsedKeys', 'targetNames', 'targetNameMap', 'namePrefix',
  'xpathMap', 'pipelineAddress', 'pipelineAddresses',
] as const);

/** read; write; remove; update (read, then written in place); move (read, then removed). */
export type FieldAccess = 'read' | 'write' | 'remove' | 'update' | 'move';

/** What each value of a fieldKeys or targetNameMap hash is. */
export type MapValueKind = 'template' | 'typeName' | 'separator' | 'regex' | 'value';

/** A field reference as a pipeline writes it, with its segments: `[log][level]` → log, level; `message` → message. */
export interface FieldRef {
  readonly text: string;
  readonly segments: readonly string[];
  /** The segments joined with dots: the field's name in the schema (a bare name is kept whole). */
  readonly path: string;
}

/** A default that depends on the mode: a value, none, another option's value, or the parent of an `[...][ip]` one. */
export type ModeValue =
  | { readonly kind: 'value'; readonly value: string | readonly string[] }
  | { readonly kind: 'none' }
  | { readonly kind: 'from'; readonly option: string }
  | { readonly kind: 'ipParentOf'; readonly option: string };

export interface LogstashOption {
  readonly name: string;
  readonly type: ValueType;
  readonly required: boolean;
  /** Required when another option has this value (given, or its default). */
  readonly requiredWhen?: { readonly option: string; readonly equals: boolean };
  /** The default in every mode. */
  readonly default?: unknown;
  /** The option whose value is the default (written in place). */
  readonly defaultFrom?: string;
  /** The default per mode group, when it depends on ecs_compatibility. */
  readonly modeDefault?: Readonly<Record<ModeGroup, ModeValue>>;
  /** Values an ECS mode expects; Logstash warns about others. */
  readonly ecsExpected?: readonly string[];
  /** The values the option may take (for typeName maps: the values of the map). */
  readonly values?: readonly string[];
  /** How the value names fields; undefined when it names none. */
  readonly kind?: NameKind;
  /** For field and fields. */
  readonly access?: FieldAccess;
  /** For fieldMap and fieldKeys: what happens to the fields the keys name. */
  readonly keyAccess?: FieldAccess;
  /** For fieldMap and xpathMap: what happens to the fields the values name. */
  readonly valueAccess?: FieldAccess;
  readonly mapValues?: MapValueKind;
  /** Whether Logstash replaces `%{...}` in the value. */
  readonly sprintf: boolean;
  /** The field the option's values are added to (tags). */
  readonly into?: FieldRef;
  /** The option a deprecated alias stands for. */
  readonly aliasOf?: string;
  readonly deprecated?: string;
  readonly description: string;
  /** True for the options every filter (or every input) takes. */
  readonly common: boolean;
}

/** A field a plugin writes without an option naming it. */
export interface ImplicitWrite {
  readonly modes: readonly ModeGroup[];
  readonly field: FieldRef;
  /** The option holding the field's parent; the event's root when it has no value. */
  readonly under?: string;
  /** The option whose text goes before the field's first segment. */
  readonly prefix?: string;
  /** The condition under which it is written, in words. */
  readonly when?: string;
  /** What the plugin calls the field (a value of its selecting option: geoip's `fields`). */
  readonly key?: string;
}

/** Which of a plugin's writes it makes: the keys an option lists, else its database's defaults. */
export interface SelectedWrites {
  readonly option: string;
  readonly databaseOption: string;
  readonly databaseTypeOption: string;
  /** Per database type, in the order the plugin tells types apart, the keys it writes. */
  readonly defaults: ReadonlyArray<readonly [type: string, keys: readonly string[]]>;
}

export interface LogstashPlugin {
  readonly section: PluginSection;
  readonly name: string;
  readonly description: string;
  readonly docsUrl: string;
  readonly docVersion?: string;
  readonly source?: string;
  readonly notes?: string;
  /** True when only the options naming fields are listed: an option outside the table is then not unknown. */
  readonly partial: boolean;
  /** Every option: its own, then the common ones of its section. A null-prototype object. */
  readonly options: Readonly<Record<string, LogstashOption>>;
  /** Its required options, in the order of `options`. */
  readonly required: readonly LogstashOption[];
  /** The fixed order in which its operations apply (mutate); empty when the plugin has none. */
  readonly order: readonly string[];
  /** Whether, in an ECS mode, it logs that `target` is not set. */
  readonly ecsTargetCheck: boolean;
  /** Whether it takes `ecs_compatibility`. */
  readonly ecsCompatibility: boolean;
  /** Groups of options of which at most one may be given. */
  readonly exclusive: readonly (readonly string[])[];
  readonly writes: readonly ImplicitWrite[];
  readonly selectedWrites?: SelectedWrites;
}

/** An option's default in one mode, given the options a plugin block sets. */
export type ResolvedDefault =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'none' }
  /** No default can be derived: the option must be given (geoip's target for a source not ending in `[ip]`). */
  | { readonly kind: 'required'; readonly reason: string };

/** A write with its parent and prefix resolved: an absolute field. */
export interface ResolvedWrite {
  readonly field: FieldRef;
  readonly when?: string;
}

/** What a capture converts its text to; a string when undefined. */
export type GrokCaptureType = 'int' | 'float';

export interface GrokCapture {
  readonly field: FieldRef;
  readonly type?: GrokCaptureType;
}

export type GrokPatternSet = 'ecs-v1' | 'legacy';

export interface GrokPattern {
  readonly name: string;
  readonly set: GrokPatternSet;
  /** The pattern file of logstash-patterns-core it is defined in. */
  readonly file: string;
  readonly note?: string;
  /** The patterns it uses whose captures it writes too. */
  readonly includes: readonly string[];
  /** Every field it may write: its own captures, then those of the included patterns (each field once, first wins). */
  readonly captures: readonly GrokCapture[];
}

export interface EcsCompatibilityFacts {
  readonly values: readonly EcsMode[];
  readonly ecsModes: readonly EcsMode[];
  /** Logstash 8's default when neither the plugin nor the pipeline sets it. */
  readonly logstashDefault: EcsMode;
  readonly docsUrl: string;
  readonly description: string;
}

export interface LogstashPluginTable {
  readonly ecs: EcsCompatibilityFacts;
  /** The options every filter takes. A null-prototype object. */
  readonly common: Readonly<Record<string, LogstashOption>>;
  /** The order in which a filter applies its common options that change the event, after its own work. */
  readonly commonOrder: readonly string[];
  /** The field-naming options every input takes. A null-prototype object. */
  readonly inputCommon: Readonly<Record<string, LogstashOption>>;
  /** The order of mutate's operations. */
  readonly mutateOrder: readonly string[];
  /** What a conversion type name (mutate's `integer`, grok's `int`, ...) leaves in a field; undefined for a name no plugin takes. */
  conversionKind(name: string): IngestKind | undefined;
  /** Plugin names of a section, sorted. */
  names(section: PluginSection): readonly string[];
  /** undefined for a plugin outside the table (plugins are installable: that is no error). */
  plugin(section: PluginSection, name: string): LogstashPlugin | undefined;
  /** An option of a plugin (its own or a common one); undefined when either is unknown. */
  option(section: PluginSection, plugin: string, option: string): LogstashOption | undefined;
  /** The option's default in `mode`; `given` returns the value a plugin block sets for another option. */
  defaultIn(option: LogstashOption, mode: EcsMode, given: (option: string) => string | undefined): ResolvedDefault;
  /**
   * What the plugin writes without naming it in `mode`, placed under its target and prefix as `given` sets them; of a
   * plugin whose writes are selected (geoip), those `givenList` lists for the selecting option, else its database's.
   */
  writesIn(plugin: LogstashPlugin, mode: EcsMode, given: (option: string) => string | undefined, givenList?: (option: string) => readonly string[] | undefined): readonly ResolvedWrite[];
  /** The grok pattern set the grok filter loads in `mode`. */
  grokSetFor(mode: EcsMode): GrokPatternSet;
  /** Pattern names of a set, sorted. */
  grokPatternNames(set: GrokPatternSet): readonly string[];
  grokPattern(set: GrokPatternSet, name: string): GrokPattern | undefined;
}

// ---------------------------------------------------------------- the file formats, as the schemas allow them

type ModeValueData = null | string | string[] | { from: string } | { ipParentOf: string };

interface OptionData {
  type: ValueType;
  required?: boolean;
  requiredWhen?: { option: string; equals: boolean };
  default?: unknown;
  defaultFrom?: string;
  modeDefault?: Record<ModeGroup, ModeValueData>;
  ecsExpected?: string[];
  values?: string[];
  kind?: NameKind;
  access?: FieldAccess;
  keyAccess?: FieldAccess;
  valueAccess?: FieldAccess;
  mapValues?: MapValueKind;
  sprintf?: boolean;
  into?: string;
  aliasOf?: string;
  deprecated?: string;
  description: string;
}

interface WriteData {
  modes: ModeGroup[];
  field: string;
  under?: string;
  prefix?: string;
  when?: string;
  key?: string;
}

interface SelectedWritesData {
  option: string;
  databaseOption: string;
  databaseTypeOption: string;
  defaults: Record<string, string[]>;
}

interface PluginData {
  description: string;
  docs: string;
  docVersion?: string;
  source?: string;
  partial?: boolean;
  order?: string[];
  ecsTargetCheck?: boolean;
  exclusive?: string[][];
  writes?: WriteData[];
  selectedWrites?: SelectedWritesData;
  notes?: string;
  options: Record<string, OptionData>;
}

interface PluginsFile {
  ecsCompatibility: { values: EcsMode[]; ecsModes: EcsMode[]; logstashDefault: EcsMode; docs: string; description: string };
  conversionKinds: Record<string, IngestKind>;
  common: Record<string, OptionData>;
  commonOrder: string[];
  inputCommon: Record<string, OptionData>;
  filters: Record<string, PluginData>;
  inputs: Record<string, PluginData>;
  outputs: Record<string, PluginData>;
}

interface GrokPatternData {
  file: string;
  note?: string;
  includes?: string[];
  captures: Array<{ field: string; type?: GrokCaptureType }>;
}

interface GrokSetData {
  files: Record<string, string>;
  patterns: Record<string, GrokPatternData>;
}

type GrokFile = Record<GrokPatternSet, GrokSetData>;

const SECTIONS: ReadonlyArray<[PluginSection, 'filters' | 'inputs' | 'outputs']> = [
  ['filter', 'filters'], ['input', 'inputs'], ['output', 'outputs'],
];

const GROK_SETS: readonly GrokPatternSet[] = ['ecs-v1', 'legacy'];

// ---------------------------------------------------------------- loading

/** The table of a schema/ folder (the built-in one by default), read once; throws DefinitionError on bad data. */
export const loadLogstashPluginTable: (schemaDir?: string) => LogstashPluginTable = oncePerSchemaDir(readTable);

function readTable(schemaDir: string): LogstashPluginTable {
  const plugins = loadDataFile(join(schemaDir, PLUGINS_FILE), join(schemaDir, PLUGINS_SCHEMA_FILE));
  const grok = loadDataFile(join(schemaDir, GROK_PATTERNS_FILE), join(schemaDir, GROK_PATTERNS_SCHEMA_FILE));
  const pluginsData = plugins.data as PluginsFile;
  const grokData = grok.data as GrokFile;
  const problems = [...checkPlugins(pluginsData, plugins), ...checkGrok(grokData, grok)];
  if (problems.length > 0) throw new DefinitionError(problems);
  return new Table(pluginsData, grokData);
}

/** How many parsed `writesIn` texts a table keeps (they come from the table and from the targets files give). */
const MAX_WRITTEN_REFS = 10_000;

/** `[log][level]` → log, level; `message` (or `source.ip`, one literal key) → itself. The schema checked the form. */
export function parseFieldRef(text: string): FieldRef {
  const segments = text.startsWith('[') ? [...text.matchAll(/\[([^[\]]+)\]/g)].map((m) => m[1]) : [text];
  return Object.freeze({ text, segments: Object.freeze(segments), path: segments.join('.') });
}

/** What the JSON Schema cannot say: references between options, modes and patterns. */
function checkPlugins(data: PluginsFile, file: DataFile): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const at = (segments: (string | number)[], message: string): void => {
    problems.push(file.problem(toPointer(segments), `${describe(segments)}: ${message}`));
  };
  if (!data.ecsCompatibility.values.includes(data.ecsCompatibility.logstashDefault)) {
    at(['ecsCompatibility', 'logstashDefault'], `'${data.ecsCompatibility.logstashDefault}' is not one of the values`);
  }
  for (const mode of data.ecsCompatibility.ecsModes) {
    if (mode === 'disabled') at(['ecsCompatibility', 'ecsModes'], "'disabled' is not an ECS mode");
  }
  data.commonOrder.forEach((name, i) => {
    if (!Object.hasOwn(data.common, name)) at(['commonOrder', i], `'${name}' is not a common option`);
  });
  checkOptions(data.common, ['common'], () => true, at);
  checkOptions(data.inputCommon, ['inputCommon'], () => true, at);
  for (const [section, key] of SECTIONS) {
    const common = section === 'filter' ? data.common : section === 'input' ? data.inputCommon : {};
    for (const [name, plugin] of Object.entries(data[key])) {
      const base = [key, name];
      const known = (option: string): boolean => Object.hasOwn(plugin.options, option) || Object.hasOwn(common, option);
      for (const option of Object.keys(plugin.options)) {
        if (Object.hasOwn(common, option)) at([...base, 'options', option], `redefines the common option '${option}'`);
      }
      checkOptions(plugin.options, [...base, 'options'], known, at);
      const selection = plugin.selectedWrites;
      if (selection) {
        for (const [part, name] of [['option', selection.option], ['databaseOption', selection.databaseOption], ['databaseTypeOption', selection.databaseTypeOption]] as const) {
          if (!known(name)) at([...base, 'selectedWrites', part], `'${name}' is not an option of this plugin`);
        }
        const keys = new Set((plugin.writes ?? []).map((w) => w.key));
        (plugin.writes ?? []).forEach((w, i) => { if (w.key === undefined) at([...base, 'writes', i], 'has no key, though the plugin selects its writes by key'); });
        for (const [type, listed] of Object.entries(selection.defaults)) {
          for (const key of listed) if (!keys.has(key)) at([...base, 'selectedWrites', 'defaults', type], `'${key}' is the key of none of the plugin's writes`);
        }
      }
      for (const [option, o] of Object.entries(plugin.options)) {
        if (o.mapValues !== 'typeName') continue;
        for (const value of o.values ?? []) {
          if (!Object.hasOwn(data.conversionKinds, value)) at([...base, 'options', option], `converts to '${value}', which conversionKinds does not list`);
        }
      }
      const modal = Object.values(plugin.options).some((o) => o.modeDefault !== undefined)
        || (plugin.writes ?? []).some((w) => w.modes.length < 2)
        || plugin.ecsTargetCheck === true;
      if (modal && !known('ecs_compatibility')) at(base, 'depends on the mode but has no ecs_compatibility option');
      (plugin.order ?? []).forEach((option, i) => {
        if (!known(option)) at([...base, 'order', i], `'${option}' is not an option of ${name}`);
      });
      (plugin.exclusive ?? []).forEach((group, i) => {
        for (const option of group.filter((o) => !known(o))) at([...base, 'exclusive', i], `'${option}' is not an option of ${name}`);
      });
      (plugin.writes ?? []).forEach((write, i) => {
        for (const ref of [write.under, write.prefix]) {
          if (ref !== undefined && !known(ref)) at([...base, 'writes', i], `'${ref}' is not an option of ${name}`);
        }
      });
    }
  }
  return problems;
}

function checkOptions(
  options: Record<string, OptionData>,
  base: (string | number)[],
  known: (option: string) => boolean,
  at: (segments: (string | number)[], message: string) => void,
): void {
  for (const [name, option] of Object.entries(options)) {
    const here = [...base, name];
    for (const ref of [option.defaultFrom, option.aliasOf, option.requiredWhen?.option]) {
      if (ref !== undefined && (ref === name || !known(ref))) at(here, `'${ref}' is not another option of this plugin`);
    }
    for (const group of ['disabled', 'ecs'] as const) {
      const value = option.modeDefault?.[group];
      const ref = value !== null && typeof value === 'object' && !Array.isArray(value) ? ('from' in value ? value.from : value.ipParentOf) : undefined;
      if (ref !== undefined && (ref === name || !known(ref))) at([...here, 'modeDefault', group], `'${ref}' is not another option of this plugin`);
    }
    const defaults = [option.default !== undefined, option.defaultFrom !== undefined, option.modeDefault !== undefined].filter(Boolean).length;
    if (defaults > 1) at(here, 'has more than one of default, defaultFrom and modeDefault');
    if (option.values !== undefined && option.default !== undefined && typeof option.default === 'string' && !option.values.includes(option.default)) {
      at([...here, 'default'], `'${option.default}' is not one of its values`);
    }
  }
}

function describe(segments: readonly (string | number)[]): string {
  const [section, name, part, option] = segments.map(String);
  if (section === 'common' || section === 'inputCommon') return name === undefined ? section : `${section} option '${name}'`;
  if (section === 'filters' || section === 'inputs' || section === 'outputs') {
    const plugin = `${section.slice(0, -1)} '${name}'`;
    return part === 'options' && option !== undefined ? `${plugin}, option '${option}'` : plugin;
  }
  return section;
}

function checkGrok(data: GrokFile, file: DataFile): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const set of GROK_SETS) {
    const { files, patterns } = data[set];
    for (const [name, pattern] of Object.entries(patterns)) {
      const base = [set, 'patterns', name];
      if (!Object.hasOwn(files, pattern.file)) {
        problems.push(file.problem(toPointer([...base, 'file']), `pattern ${name}: '${pattern.file}' is not one of the files of ${set}`));
      }
      (pattern.includes ?? []).forEach((included, i) => {
        if (!Object.hasOwn(patterns, included)) {
          problems.push(file.problem(toPointer([...base, 'includes', i]), `pattern ${name}: '${included}' is not a pattern of ${set}`));
        } else if (reaches(patterns, included, name)) {
          problems.push(file.problem(toPointer([...base, 'includes', i]), `pattern ${name}: including '${included}' makes a cycle`));
        }
      });
      if (set === 'legacy' && !Object.hasOwn(data['ecs-v1'].patterns, name)) {
        problems.push(file.problem(toPointer(base), `pattern ${name}: the ECS set has every legacy pattern, but not this one`));
      }
    }
  }
  return problems;
}

/** Whether `target` is reachable from `from` through includes (`from` itself counts). */
function reaches(patterns: Record<string, GrokPatternData>, from: string, target: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const name = stack.pop() as string;
    if (name === target) return true;
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...(patterns[name]?.includes ?? []));
  }
  return false;
}

// ---------------------------------------------------------------- the frozen table

class Table implements LogstashPluginTable {
  readonly ecs: EcsCompatibilityFacts;
  readonly common: Readonly<Record<string, LogstashOption>>;
  readonly commonOrder: readonly string[];
  readonly inputCommon: Readonly<Record<string, LogstashOption>>;
  readonly mutateOrder: readonly string[];
  private readonly conversions: ReadonlyMap<string, IngestKind>;
  private readonly plugins = new Map<PluginSection, ReadonlyMap<string, LogstashPlugin>>();
  // `option` is asked for every option of every plugin a pipeline names: a Map beats a null-prototype dictionary.
  private readonly optionMaps = new Map<LogstashPlugin, ReadonlyMap<string, LogstashOption>>();
  private readonly sortedNames = new Map<PluginSection, readonly string[]>();
  private readonly grok = new Map<GrokPatternSet, ReadonlyMap<string, GrokPattern>>();
  private readonly grokNames = new Map<GrokPatternSet, readonly string[]>();
  private readonly writtenRefs = new Map<string, FieldRef>();

  constructor(data: PluginsFile, grok: GrokFile) {
    const facts = data.ecsCompatibility;
    this.ecs = Object.freeze({
      values: Object.freeze([...facts.values]),
      ecsModes: Object.freeze([...facts.ecsModes]),
      logstashDefault: facts.logstashDefault,
      docsUrl: facts.docs,
      description: oneLine(facts.description),
    });
    this.common = freezeOptions(Object.entries(data.common).map(([name, o]) => toOption(name, o, true)));
    this.inputCommon = freezeOptions(Object.entries(data.inputCommon).map(([name, o]) => toOption(name, o, true)));
    this.commonOrder = Object.freeze([...data.commonOrder]);
    this.conversions = new Map(Object.entries(data.conversionKinds));
    for (const [section, key] of SECTIONS) {
      const common = section === 'filter' ? this.common : section === 'input' ? this.inputCommon : freezeOptions([]);
      const plugins = new Map<string, LogstashPlugin>();
      for (const name of Object.keys(data[key]).sort()) {
        const plugin = toPlugin(section, name, data[key][name], common);
        plugins.set(name, plugin);
        this.optionMaps.set(plugin, new Map(Object.entries(plugin.options)));
      }
      this.plugins.set(section, plugins);
      this.sortedNames.set(section, Object.freeze([...plugins.keys()]));
    }
    this.mutateOrder = this.plugin('filter', 'mutate')?.order ?? Object.freeze([]);
    for (const set of GROK_SETS) {
      const patterns = new Map<string, GrokPattern>();
      const source = grok[set].patterns;
      for (const name of Object.keys(source).sort()) patterns.set(name, toGrokPattern(set, name, source));
      this.grok.set(set, patterns);
      this.grokNames.set(set, Object.freeze([...patterns.keys()]));
    }
    Object.freeze(this);
  }

  conversionKind(name: string): IngestKind | undefined {
    return this.conversions.get(name);
  }

  names(section: PluginSection): readonly string[] {
    return this.sortedNames.get(section) ?? [];
  }

  plugin(section: PluginSection, name: string): LogstashPlugin | undefined {
    return this.plugins.get(section)?.get(name);
  }

  option(section: PluginSection, plugin: string, option: string): LogstashOption | undefined {
    const spec = this.plugin(section, plugin);
    return spec ? this.optionMaps.get(spec)?.get(option) : undefined;
  }

  defaultIn(option: LogstashOption, mode: EcsMode, given: (option: string) => string | undefined): ResolvedDefault {
    if (option.default !== undefined) return { kind: 'value', value: option.default };
    if (option.defaultFrom !== undefined) return fromOption(option.defaultFrom, given);
    const value = option.modeDefault?.[modeGroup(mode)];
    if (value === undefined || value.kind === 'none') return { kind: 'none' };
    if (value.kind === 'value') return { kind: 'value', value: value.value };
    if (value.kind === 'from') return fromOption(value.option, given);
    const source = given(value.option);
    // The geoip filter's rule: a source ending in the bracket form `[ip]` gives its parent; anything else needs a target.
    if (source !== undefined && source.endsWith('[ip]') && source.length > 4) return { kind: 'value', value: source.slice(0, -4) };
    return { kind: 'required', reason: `in ECS mode ${option.name} is required when ${value.option} is not an [ip] sub-field such as [client][ip]` };
  }

  writesIn(plugin: LogstashPlugin, mode: EcsMode, given: (option: string) => string | undefined, givenList?: (option: string) => readonly string[] | undefined): readonly ResolvedWrite[] {
    const group = modeGroup(mode);
    const out: ResolvedWrite[] = [];
    const selected = plugin.selectedWrites && selectedKeys(plugin.selectedWrites, given, givenList);
    for (const write of plugin.writes) {
      if (!write.modes.includes(group)) continue;
      if (selected && (write.key === undefined || !selected.has(write.key))) continue;
      let parent: readonly string[] = [];
      if (write.under !== undefined) {
        const under = this.valueOf(plugin, write.under, mode, given);
        if (under === null) continue;
        parent = under === undefined ? [] : this.refOf(under).segments;
      }
      const prefix = write.prefix === undefined ? '' : (this.valueOf(plugin, write.prefix, mode, given) ?? '');
      const [first, ...rest] = write.field.segments;
      const segments = [...parent, `${prefix}${first}`, ...rest];
      out.push(Object.freeze({
        field: this.refOf(segments.map((s) => `[${s}]`).join('')),
        ...(write.when !== undefined ? { when: write.when } : {}),
      }));
    }
    return Object.freeze(out);
  }

  /** A reference of `writesIn`: blocks repeat the same targets, so each text is parsed once (frozen, shared). */
  private refOf(text: string): FieldRef {
    let ref = this.writtenRefs.get(text);
    if (ref) return ref;
    ref = parseFieldRef(text);
    if (this.writtenRefs.size >= MAX_WRITTEN_REFS) this.writtenRefs.clear();
    this.writtenRefs.set(text, ref);
    return ref;
  }

  /** An option's effective text: given, else its default; null when it must be given but was not. */
  private valueOf(plugin: LogstashPlugin, name: string, mode: EcsMode, given: (option: string) => string | undefined): string | undefined | null {
    const value = given(name);
    if (value !== undefined) return value;
    const option = this.optionMaps.get(plugin)?.get(name);
    if (!option) return undefined;
    const resolved = this.defaultIn(option, mode, given);
    if (resolved.kind === 'required') return null;
    return resolved.kind === 'value' && typeof resolved.value === 'string' && resolved.value !== '' ? resolved.value : undefined;
  }

  grokSetFor(mode: EcsMode): GrokPatternSet {
    return mode === 'disabled' ? 'legacy' : 'ecs-v1';
  }

  grokPatternNames(set: GrokPatternSet): readonly string[] {
    return this.grokNames.get(set) ?? [];
  }

  grokPattern(set: GrokPatternSet, name: string): GrokPattern | undefined {
    return this.grok.get(set)?.get(name);
  }
}

/**
 * The keys a plugin with selected writes writes: those its option lists, else the defaults of the database type whose
 * name the database file's name holds (the plugin reads the type from the file), else of its database type option's
 * value, else of the first type.
 */
function selectedKeys(selection: SelectedWrites, given: (option: string) => string | undefined, givenList?: (option: string) => readonly string[] | undefined): ReadonlySet<string> {
  const listed = givenList?.(selection.option);
  if (listed && listed.length > 0) return new Set(listed);
  const file = given(selection.databaseOption);
  const base = file === undefined ? undefined : file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const byFile = base === undefined ? undefined : selection.defaults.find(([type]) => base.includes(type));
  const typed = given(selection.databaseTypeOption);
  const byType = selection.defaults.find(([type]) => type === typed);
  return new Set((byFile ?? byType ?? selection.defaults[0])[1]);
}

function fromOption(name: string, given: (option: string) => string | undefined): ResolvedDefault {
  const value = given(name);
  return value === undefined ? { kind: 'none' } : { kind: 'value', value };
}

function toPlugin(section: PluginSection, name: string, data: PluginData, common: Readonly<Record<string, LogstashOption>>): LogstashPlugin {
  const own = Object.entries(data.options).map(([option, o]) => toOption(option, o, false));
  const options = freezeOptions([...own, ...Object.values(common)]);
  return Object.freeze({
    section,
    name,
    description: oneLine(data.description),
    docsUrl: data.docs,
    ...(data.docVersion !== undefined ? { docVersion: data.docVersion } : {}),
    ...(data.source !== undefined ? { source: data.source } : {}),
    ...(data.notes !== undefined ? { notes: oneLine(data.notes) } : {}),
    partial: data.partial ?? false,
    options,
    required: Object.freeze(Object.values(options).filter((o) => o.required)),
    order: Object.freeze([...(data.order ?? [])]),
    ecsTargetCheck: data.ecsTargetCheck ?? false,
    ecsCompatibility: Object.hasOwn(options, 'ecs_compatibility'),
    exclusive: Object.freeze((data.exclusive ?? []).map((group) => Object.freeze([...group]))),
    writes: Object.freeze((data.writes ?? []).map((write) => Object.freeze({
      modes: Object.freeze([...write.modes]),
      field: parseFieldRef(write.field),
      ...(write.under !== undefined ? { under: write.under } : {}),
      ...(write.prefix !== undefined ? { prefix: write.prefix } : {}),
      ...(write.when !== undefined ? { when: write.when } : {}),
      ...(write.key !== undefined ? { key: write.key } : {}),
    }))),
    ...(data.selectedWrites !== undefined ? {
      selectedWrites: Object.freeze({
        option: data.selectedWrites.option,
        databaseOption: data.selectedWrites.databaseOption,
        databaseTypeOption: data.selectedWrites.databaseTypeOption,
        defaults: Object.freeze(Object.entries(data.selectedWrites.defaults).map(([type, keys]) => Object.freeze([type, Object.freeze([...keys])] as const))),
      }),
    } : {}),
  });
}

function toOption(name: string, data: OptionData, common: boolean): LogstashOption {
  return Object.freeze({
    name,
    type: data.type,
    required: data.required ?? false,
    ...(data.requiredWhen !== undefined ? { requiredWhen: Object.freeze({ ...data.requiredWhen }) } : {}),
    ...(data.default !== undefined ? { default: deepFreeze(structuredClone(data.default)) } : {}),
    ...(data.defaultFrom !== undefined ? { defaultFrom: data.defaultFrom } : {}),
    ...(data.modeDefault !== undefined
      ? { modeDefault: Object.freeze({ disabled: toModeValue(data.modeDefault.disabled), ecs: toModeValue(data.modeDefault.ecs) }) }
      : {}),
    ...(data.ecsExpected !== undefined ? { ecsExpected: Object.freeze([...data.ecsExpected]) } : {}),
    ...(data.values !== undefined ? { values: Object.freeze([...data.values]) } : {}),
    ...(data.kind !== undefined ? { kind: data.kind } : {}),
    ...(data.access !== undefined ? { access: data.access } : {}),
    ...(data.keyAccess !== undefined ? { keyAccess: data.keyAccess } : {}),
    ...(data.valueAccess !== undefined ? { valueAccess: data.valueAccess } : {}),
    ...(data.mapValues !== undefined ? { mapValues: data.mapValues } : {}),
    sprintf: data.sprintf ?? false,
    ...(data.into !== undefined ? { into: parseFieldRef(data.into) } : {}),
    ...(data.aliasOf !== undefined ? { aliasOf: data.aliasOf } : {}),
    ...(data.deprecated !== undefined ? { deprecated: data.deprecated } : {}),
    description: oneLine(data.description),
    common,
  });
}

function toModeValue(data: ModeValueData): ModeValue {
  if (data === null) return Object.freeze({ kind: 'none' });
  if (typeof data === 'string') return Object.freeze({ kind: 'value', value: data });
  if (Array.isArray(data)) return Object.freeze({ kind: 'value', value: Object.freeze([...data]) });
  if ('from' in data) return Object.freeze({ kind: 'from', option: data.from });
  return Object.freeze({ kind: 'ipParentOf', option: data.ipParentOf });
}

function toGrokPattern(set: GrokPatternSet, name: string, patterns: Record<string, GrokPatternData>): GrokPattern {
  const data = patterns[name];
  const captures: GrokCapture[] = [];
  const seen = new Set<string>();
  // Own captures first, then each included pattern's in turn; checkGrok has ruled out cycles.
  const collect = (pattern: GrokPatternData): void => {
    for (const capture of pattern.captures) {
      if (seen.has(capture.field)) continue;
      seen.add(capture.field);
      captures.push(Object.freeze({ field: parseFieldRef(capture.field), ...(capture.type !== undefined ? { type: capture.type } : {}) }));
    }
    for (const included of pattern.includes ?? []) collect(patterns[included]);
  };
  collect(data);
  return Object.freeze({
    name,
    set,
    file: data.file,
    ...(data.note !== undefined ? { note: data.note } : {}),
    includes: Object.freeze([...(data.includes ?? [])]),
    captures: Object.freeze(captures),
  });
}

/** Null prototype: `options['constructor']` is undefined, as for any other unknown option. */
function freezeOptions(options: readonly LogstashOption[]): Readonly<Record<string, LogstashOption>> {
  const out = Object.create(null) as Record<string, LogstashOption>;
  for (const option of options) out[option.name] = option;
  return Object.freeze(out);
}

function oneLine(text: string): string {
  return text.trim().replace(/\s*\n\s*/g, ' ');
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

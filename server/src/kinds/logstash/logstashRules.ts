// The rules only a Logstash pipeline can break: a read name that is most likely a typo, a dotted name Logstash reads
// as one literal key, a field reference Logstash rejects, options a modelled filter does not take or cannot do
// without, options that exclude each other or take other values, conversions into fields of another type,
// constants outside a field's allowed values, and Logstash's own ECS-mode warning about a missing target. Each has a
// stable code, a default severity, the sentence it enforces and where that comes from (docs/logstash.md).
import type { LogstashPluginTable } from '../../catalog/logstashPlugins';
import { loadTypeCompatibility } from '../../catalog/typeCompatibility';
import type { Span } from '../../document/model';
import type { AttributeNode, StringNode, ValueNode } from '../../document/syntaxes/logstash';
import type { FeatureEnv } from '../../features/env';
import { memoOf, verdictOf } from '../../features/names/refVerdict';
import type { Finding, Rule } from '../../features/rule';
import { unknownReadFieldInfo, unknownReadFinding } from '../../features/rules/unknownReadField';
import { closeValues } from '../../features/values/closeValues';
import { findingAt, withArticle } from '../../features/values/values';
import type { ConfigRef, PluginSite } from './configRefs';
import type { LogstashDocument } from './logstashDocument';
import type { PipelineContext } from './pipelineFiles';
import { bracketForm } from './refs/fieldReference';

/** What every Logstash rule reads: the document, its references and plugins in their mode, and its pipeline. */
export interface LogstashCheck {
  readonly doc: LogstashDocument;
  readonly refs: readonly ConfigRef[];
  readonly sites: readonly PluginSite[];
  readonly context: PipelineContext;
  readonly table: LogstashPluginTable;
  /** Every path the pipeline writes (its other files' too). */
  readonly written: ReadonlySet<string>;
  /** Every path those writes make: the written paths and each object above them. */
  readonly made: ReadonlySet<string>;
}

export type LogstashRule = Rule<LogstashCheck, FeatureEnv> & { readonly scope: 'document' };

const REFERENCE = 'Logstash reference';
const PLUGINS = 'Logstash reference, the plugin\'s page (schema/logstash/plugins.yml)';

/** A setting's name as the finding names the plugin: `The geoip filter`. */
function pluginName(site: PluginSite): string {
  return `The ${site.node.name} ${site.section ?? 'plugin'}`;
}

/** A string or bareword value's text and span. */
function wordOf(value: ValueNode | undefined): { text: string; span: Span; node: ValueNode } | undefined {
  if (value?.kind === 'string') return { text: value.value, span: { start: value.contentStart, end: value.contentStart + value.value.length }, node: value };
  if (value?.kind === 'bareword') return { text: value.text, span: value, node: value };
  return undefined;
}

export const unknownReadField: LogstashRule = {
  ...unknownReadFieldInfo,
  scope: 'document',
  check({ refs, written, made }, env) {
    const memo = memoOf(env.catalog);
    const out: Finding[] = [];
    for (const r of refs) {
      if (r.access !== 'read' || r.metadata || r.ref.path[0] === '' || r.ref.detail.implied) continue;
      const finding = unknownReadFinding(r.ref, verdictOf(r.ref, memo.root, memo));
      // A name the pipeline writes, an object above one it writes, or a field below one it writes is its own.
      if (!finding || made.has(r.ref.joinedPath) || r.ref.path.some((_, i) => written.has(r.ref.path.slice(0, i + 1).join('.')))) continue;
      out.push(finding);
    }
    return out;
  },
};

export const dottedFieldName: LogstashRule = {
  code: 'dotted-field-name',
  scope: 'document',
  defaultSeverity: 'warning',
  title: 'Dotted name read as one literal key',
  spec: 'Logstash reads a name without brackets as one top-level field: `source.ip` is a field literally named so, not `ip` inside `source` (that is `[source][ip]`); events carry nested objects.',
  specSource: 'Logstash reference, Field References Deep Dive; Document 1, Event document rules (nested objects)',
  check({ refs }) {
    const out: Finding[] = [];
    for (const r of refs) {
      if (r.written?.form !== 'bare' || !r.ref.detail.literalDotted || r.metadata) continue;
      const bracket = bracketForm(r.ref.path);
      out.push(findingAt(r.written.span, {
        message: `Logstash reads '${r.written.segments[0].name}' as one field with dots in its name, not the field ${r.ref.joinedPath}: write ${bracket}`,
        data: { bracket },
      }));
    }
    return out;
  },
};

export const invalidFieldReference: LogstashRule = {
  code: 'invalid-field-reference',
  scope: 'document',
  defaultSeverity: 'error',
  title: 'Field reference Logstash rejects',
  spec: 'A field reference is a sequence of bracketed names (`[a][b]`), each without brackets in it, or a single name without brackets; Logstash stops on any other ("Invalid FieldReference").',
  specSource: 'Logstash reference, Field References Deep Dive (formal grammar)',
  check({ refs }) {
    const out: Finding[] = [];
    for (const r of refs) {
      if (r.written?.problem === undefined) continue;
      out.push(findingAt(r.written.span, { message: `Logstash rejects this field reference: ${r.written.problem}` }));
    }
    return out;
  },
};

export const unknownPluginOption: LogstashRule = {
  code: 'unknown-plugin-option',
  scope: 'document',
  defaultSeverity: 'warning',
  title: 'Unknown option of a filter',
  spec: 'A filter takes the options its page lists and the options every filter takes; Logstash refuses to start with another one (a plugin the table does not model may take any).',
  specSource: PLUGINS,
  check({ sites, table }) {
    const out: Finding[] = [];
    for (const site of sites) {
      const spec = site.spec;
      if (!spec || spec.partial || !site.section) continue;
      for (const a of site.node.attributes) {
        if (table.option(site.section, site.node.name, a.name)) continue;
        const suggestions = closeValues(a.name, Object.keys(spec.options));
        const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?` : '';
        out.push(findingAt(a.nameSpan, { message: `${pluginName(site)} has no option '${a.name}'${hint}`, data: { suggestions } }));
      }
    }
    return out;
  },
};

export const missingPluginOption: LogstashRule = {
  code: 'missing-plugin-option',
  scope: 'document',
  defaultSeverity: 'error',
  title: 'Required option left out',
  spec: 'A filter cannot run without its required options (geoip\'s `source`, translate\'s `source`, ...); in an ECS mode geoip also needs `target` unless `source` is an `[...][ip]` field, and xml needs `target` while it stores the XML.',
  specSource: PLUGINS,
  check({ sites }) {
    const out: Finding[] = [];
    for (const site of sites) {
      if (site.required.length === 0) continue;
      const names = site.required.map((r) => r.option.name);
      const why = site.required.map((r) => r.reason).filter((r): r is string => r !== undefined);
      out.push(findingAt(site.node.nameSpan, {
        message: `${pluginName(site)} needs ${names.map((n) => `'${n}'`).join(' and ')}${why.length > 0 ? ` (${why.join('; ')})` : ''}`,
        data: { options: names },
      }));
    }
    return out;
  },
};

export const conflictingPluginOptions: LogstashRule = {
  code: 'conflicting-plugin-options',
  scope: 'document',
  defaultSeverity: 'error',
  title: 'Options that exclude each other',
  spec: 'Some options of a filter exclude each other (translate\'s `dictionary` and `dictionary_path`, ruby\'s `code` and `path`); Logstash refuses a filter that sets both.',
  specSource: PLUGINS,
  check({ sites }) {
    const out: Finding[] = [];
    for (const site of sites) {
      for (const group of site.spec?.exclusive ?? []) {
        const set = group.map((name) => site.options.get(name)).filter((a): a is AttributeNode => a !== undefined);
        for (const a of set.slice(1)) {
          out.push(findingAt(a.nameSpan, { message: `${pluginName(site)} takes one of ${group.map((n) => `'${n}'`).join(' and ')}, not both` }));
        }
      }
    }
    return out;
  },
};

export const invalidOptionValue: LogstashRule = {
  code: 'invalid-option-value',
  scope: 'document',
  defaultSeverity: 'error',
  title: 'Option value the option does not take',
  spec: 'An option validated against a list of values (`ecs_compatibility`, fingerprint\'s `method`, dns\'s `action`, ...) takes one of them; Logstash refuses another.',
  specSource: PLUGINS,
  check({ sites, table }) {
    const out: Finding[] = [];
    for (const site of sites) {
      if (!site.section || (!site.spec && site.section !== 'filter')) continue;
      for (const a of site.node.attributes) {
        const option = site.spec ? table.option(site.section, site.node.name, a.name) : table.common[a.name];
        if (!option?.values) continue;
        // A map of types (mutate's convert) takes its values on the right of each entry.
        const items = option.mapValues === 'typeName'
          ? (a.value?.kind === 'hash' ? a.value.entries.map((e) => e.value) : a.value?.kind === 'array' ? a.value.items.filter((_, i) => i % 2 === 1) : [])
          : a.value?.kind === 'array' ? a.value.items : [a.value];
        for (const item of items) {
          const word = wordOf(item);
          if (!word || option.values.includes(word.text) || word.text.startsWith('${')) continue;
          const suggestions = closeValues(word.text, option.values);
          out.push(findingAt(word.span, {
            message: `'${word.text}' is not a value of ${site.node.name}'s ${a.name} (${option.values.join(', ')})`,
            data: { values: suggestions.length > 0 ? suggestions : option.values.slice(0, 5) },
          }));
        }
      }
    }
    return out;
  },
};

/** The grok capture types Logstash converts to. */
const GROK_TYPES = ['int', 'float'];

export const conversionTypeMismatch: LogstashRule = {
  code: 'conversion-type-mismatch',
  scope: 'document',
  defaultSeverity: 'error',
  title: 'Conversion does not fit the field',
  spec: 'A conversion (mutate\'s `convert`, a grok capture\'s `:int` or `:float`, dissect\'s `convert_datatype`, csv\'s `convert`) decides the value it leaves; the field it writes has the type the schema defines, and a capture left a string in a numeric or boolean field fails the event\'s type check unless a conversion follows. Error or warning as the type table says.',
  specSource: 'schema/mapping/types.yml (ingest), Document 1, Event document rules (types)',
  check({ refs, table }, env) {
    const types = loadTypeCompatibility();
    const out: Finding[] = [];
    const converted = new Set(refs.filter((r) => r.conversion).map((r) => r.ref.joinedPath));
    for (const r of refs) {
      if (r.metadata || r.ref.detail.implied || r.ref.path[0] === '') continue;
      const field = env.catalog.lookup(r.ref.joinedPath);
      const conversion = r.conversion;
      if (conversion) {
        const grok = r.ref.role === 'pattern';
        const kind = grok && !GROK_TYPES.includes(conversion.name) ? undefined : table.conversionKind(conversion.name);
        if (kind === undefined) {
          // An option's type names are invalid-option-value's; a grok type Logstash does not know leaves the text.
          if (grok) out.push(findingAt(conversion.span, { message: `Logstash's grok converts captures only to int or float; ':${conversion.name}' leaves the text as it is` }));
          continue;
        }
        const fit = field && types.convert(field.type, kind);
        if (!field || !fit || fit.verdict === 'ok') continue;
        out.push({
          ...findingAt(conversion.span, { message: `Converting to '${conversion.name}' leaves ${kindText(kind)} in '${field.path}', ${withArticle(field.type)} field: ${fit.reason}` }),
          severity: fit.verdict === 'error' ? 'error' : 'warning',
        });
        continue;
      }
      // A capture without a conversion leaves text: a problem where the event check rejects a string, unless converted.
      if (r.ref.role !== 'pattern' || r.access !== 'write' || !field || converted.has(r.ref.joinedPath)) continue;
      const fit = types.grok(field.type);
      if (!fit || fit.verdict === 'ok' || !rejectsText(field.type)) continue;
      const grok = r.site?.node.name === 'grok';
      const suggested = grok ? GROK_TYPES.find((t) => types.convert(field.type, table.conversionKind(t) ?? 'string')?.verdict === 'ok') : undefined;
      out.push({
        ...findingAt(nameSpan(r), {
          message: `The capture leaves text in '${field.path}', ${withArticle(field.type)} field: ${fit.reason}` +
            (suggested ? `; capture it as ':${suggested}'` : grok ? '' : '; convert it (convert_datatype, or a mutate convert after it)'),
          data: suggested ? { addType: suggested } : undefined,
        }),
        severity: 'warning',
      });
    }
    return out;
  },
};

const KIND_TEXT: Readonly<Record<string, string>> = { long: 'a whole number', integer: 'a whole number', double: 'a decimal number', float: 'a decimal number', boolean: 'a boolean', string: 'a string', ip: 'an address', auto: 'a guessed type' };

function kindText(kind: string): string {
  return KIND_TEXT[kind] ?? kind;
}

/** Types whose fields the event check rejects a string in (numbers, booleans): an address or a date as text is how events hold them. */
function rejectsText(type: string): boolean {
  return /^(long|integer|short|byte|double|float|half_float|scaled_float|unsigned_long|boolean)$/.test(type);
}

/** The span of a reference's name as written. */
function nameSpan(r: ConfigRef): Span {
  return r.written ? r.written.span : { start: r.ref.segments[0].start, end: r.ref.segments[r.ref.segments.length - 1].end };
}

export const valueNotAllowed: LogstashRule = {
  code: 'value-not-allowed',
  scope: 'document',
  defaultSeverity: 'error',
  title: 'Constant outside the field\'s allowed values',
  spec: 'A constant a pipeline writes (`add_field`, mutate\'s `replace`, `update`, `coerce`) follows the field\'s allowed values where the schema lists them.',
  specSource: 'Document 1, Event document rules (allowed values), applied to the constants a pipeline writes',
  check({ refs }, env) {
    const out: Finding[] = [];
    for (const r of refs) {
      const node: StringNode | undefined = r.constant;
      if (!node || r.metadata) continue;
      const field = env.catalog.lookup(r.ref.joinedPath);
      const allowed = field?.allowed;
      if (!field || !allowed || allowed.includes(node.value)) continue;
      const close = closeValues(node.value, allowed);
      out.push(findingAt({ start: node.contentStart, end: node.contentStart + node.value.length }, {
        message: `'${node.value}' is not an allowed value of '${field.path}' (${allowed.join(', ')})${close.length > 0 ? `; did you mean '${close[0]}'?` : ''}`,
        data: { values: close.length > 0 ? close : allowed },
      }));
    }
    return out;
  },
};

export const ecsTargetMissing: LogstashRule = {
  code: 'ecs-target-missing',
  scope: 'document',
  defaultSeverity: 'warning',
  title: 'No target in ECS mode',
  spec: 'In an ECS-compatibility mode the json, kv and csv filters warn when `target` is not set: without it they write the keys they parse at the event\'s root, where they may collide with ECS fields.',
  specSource: REFERENCE,
  check({ sites }) {
    const out: Finding[] = [];
    for (const site of sites) {
      if (!site.spec?.ecsTargetCheck || site.mode === 'disabled' || site.options.has('target')) continue;
      out.push(findingAt(site.node.nameSpan, {
        message: `${pluginName(site)} has no target: in ECS mode ${site.mode} Logstash warns that the keys it parses go to the event's root, where they may collide with ECS fields; set target`,
      }));
    }
    return out;
  },
};

/** The rules of a Logstash pipeline, in the order their diagnostics are listed. */
export const logstashRules: readonly LogstashRule[] = [
  unknownReadField,
  dottedFieldName,
  invalidFieldReference,
  unknownPluginOption,
  missingPluginOption,
  conflictingPluginOptions,
  invalidOptionValue,
  conversionTypeMismatch,
  valueNotAllowed,
  ecsTargetMissing,
];

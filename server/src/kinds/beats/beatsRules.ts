// The rules only a Beats or Elastic Agent configuration can break, each read off one piece of it (beatsReading.ts):
// processors, options and conditions Beats does not know, required options left out or given together, values
// outside an option's list, a convert into a field of another type, constants that do not fit the field they are
// written to, and names written under a field that is not an object. Each has a stable code, a default severity,
// the sentence it enforces and where it comes from (docs/beats.md, docs/diagnostics.md).
import type { BeatsOptionSpec } from '../../catalog/beatsProcessors';
import { suggestPaths } from '../../catalog/suggest';
import { loadTypeCompatibility, Verdict } from '../../catalog/typeCompatibility';
import type { ObjectNode, ValueNode } from '../../document/model';
import type { Finding, Rule } from '../../features/rule';
import type { Severity } from '../../features/types';
import { closeValues } from '../../features/values/closeValues';
import { typeProblem } from '../../features/values/datatypes';
import { describeValue, findingAt, withArticle } from '../../features/values/values';
import { unknownReadFinding } from '../../features/rules/unknownReadField';
import { memoOf, verdictOf } from '../../features/names/refVerdict';
import type { BeatsEnv } from './beatsEnv';
import type { BeatsReading, OptionEntry, ProcessorSite, UnknownName } from './beatsReading';
import { entryAt, given } from './processorWalk';

/** A finding read off one piece; a name read may be the configuration's own, written elsewhere in it. */
export interface BeatsFinding extends Finding {
  /** Void if the configuration writes this path, an object above it, or makes it by writing below it. */
  unlessWritten?: readonly string[];
}

export type BeatsRule = Rule<BeatsReading, BeatsEnv, BeatsFinding> & { readonly scope: 'processor' };

const PROCESSORS = 'Beats reference, Define processors (and each processor\'s page)';

/** "; did you mean 'x' or 'y'?" for a name among `names`. */
export function didYouMean(name: string, names: readonly string[]): { text: string; suggestions: string[] } {
  const suggestions = suggestPaths(name, names.map((path) => ({ path, deprecated: false })), 3);
  return { text: suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?` : '', suggestions };
}

function quoted(names: readonly string[]): string {
  return names.map((n) => `'${n}'`).join(', ');
}

function unknownNames(names: readonly UnknownName[], what: (u: UnknownName) => string): Finding[] {
  if (names.length === 0) return [];
  return names.map((u) => {
    const { text, suggestions } = didYouMean(u.name, u.known);
    return findingAt(u.span, { message: `${what(u)}${text}`, data: { suggestions } });
  });
}

export const unknownProcessor: BeatsRule = {
  code: 'beats-unknown-processor',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Unknown Beats processor',
  spec: 'Each item of a processors list names one processor (or is an if/then/else); a Beat does not start with a processor name it does not know.',
  specSource: PROCESSORS,
  check(reading, env) {
    const out: Finding[] = [];
    for (let s = 0; s < reading.processors.length; s++) {
      const site = reading.processors[s];
      if (site.spec || site.name === '') continue;
      const { text, suggestions } = didYouMean(site.name, env.beats.names());
      out.push(findingAt(site.nameSpan, { message: `Unknown Beats processor '${site.name}'${text}`, data: { suggestions } }));
    }
    return out;
  },
};

export const severalProcessors: BeatsRule = {
  code: 'beats-several-processors',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Several processors in one item',
  spec: 'Each item of a processors list holds exactly one processor; a Beat rejects an item with two.',
  specSource: PROCESSORS,
  check(reading) {
    const out: Finding[] = [];
    for (let s = 0; s < reading.processors.length; s++) {
      const site = reading.processors[s];
      // Said on each processor after the first: every one is still read.
      if (site.siblings.length < 2 || site.holder.properties.find((p) => p.key !== 'condition') === site.key) continue;
      out.push(findingAt(site.nameSpan, {
        message: `This item holds ${site.siblings.length} processors (${quoted(site.siblings)}); an item holds exactly one: make '${site.name}' an item of its own`,
      }));
    }
    return out;
  },
};

export const unknownOption: BeatsRule = {
  code: 'beats-unknown-option',
  scope: 'processor',
  defaultSeverity: 'warning',
  title: 'Unknown processor option',
  spec: 'A processor reads the options its page lists; a Beat passes over any other key without a word, so a misspelt option is silently lost.',
  specSource: PROCESSORS,
  check(reading) {
    return unknownNames(reading.unknownOptions, (u) => `${u.where[0].toUpperCase()}${u.where.slice(1)} has no option '${u.name}'`);
  },
};

export const unknownCondition: BeatsRule = {
  code: 'beats-unknown-condition',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Unknown condition',
  spec: 'A condition is equals, contains, regexp, range, network, has_fields, or, and, or not; a Beat rejects any other.',
  specSource: 'Beats reference, Define processors, Conditions',
  check(reading) {
    return unknownNames(reading.unknownConditions, (u) => `Unknown condition '${u.name}'`);
  },
};

/** The required options below an option with properties (none for most), once per option. */
const requiredBelow = new WeakMap<BeatsOptionSpec, readonly BeatsOptionSpec[]>();

function requiredOf(option: BeatsOptionSpec): readonly BeatsOptionSpec[] {
  let known = requiredBelow.get(option);
  if (!known) requiredBelow.set(option, (known = Object.values(option.properties ?? {}).filter((o) => o.required)));
  return known;
}

type Missing = { at: ObjectNode | undefined; names: string[]; groups: string[][] };
const NOTHING_MISSING: readonly Missing[] = [];

/** The names of required options (or one of a group) a site leaves out, at each place they are missing. */
function missingOf(site: ProcessorSite): readonly Missing[] {
  const spec = site.spec;
  if (!spec) return NOTHING_MISSING;
  let out: Missing[] | undefined;
  let top: string[] | undefined;
  for (let i = 0; i < spec.required.length; i++) if (!given(site, spec.required[i].path)) (top ??= []).push(spec.required[i].name);
  let groups: string[][] | undefined;
  for (let g = 0; g < spec.oneOf.length + spec.anyOf.length; g++) {
    const group = g < spec.oneOf.length ? spec.oneOf[g] : spec.anyOf[g - spec.oneOf.length];
    if (!group.some((path) => given(site, path))) (groups ??= []).push([...group]);
  }
  if (top || groups) (out ??= []).push({ at: undefined, names: top ?? [], groups: groups ?? [] });
  // Below each object option written: its own required options, per item of a list of objects.
  const entries = site.entries;
  for (let e = 0; e < entries.length; e++) {
    const entry = entries[e];
    if (!entry.spec.properties || entry.rest.length > 0) continue;
    const required = requiredOf(entry.spec);
    if (required.length === 0) continue;
    const nodes = entry.spec.kind === 'objects' && entry.value?.kind === 'array' ? entry.value.items : [entry.value];
    for (const node of nodes) {
      if (node?.kind !== 'object') continue;
      const item = entry.spec.kind === 'objects' ? node : entry.item;
      const names = required.filter((o) => !given(site, o.path, item)).map((o) => o.name);
      if (names.length > 0) (out ??= []).push({ at: node, names, groups: [] });
    }
  }
  return out ?? NOTHING_MISSING;
}

export const missingOption: BeatsRule = {
  code: 'beats-missing-option',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Required processor option missing',
  spec: 'A processor does not load without the options its page marks required (or one of each group it names).',
  specSource: PROCESSORS,
  check(reading) {
    const out: Finding[] = [];
    for (let s = 0; s < reading.processors.length; s++) {
      const site = reading.processors[s];
      // `cache: {{x}}`: what the template writes is not known.
      if (site.templated) continue;
      for (const missing of missingOf(site)) {
        const parts = [
          ...(missing.names.length > 0 ? [`${missing.names.length === 1 ? 'the option' : 'the options'} ${quoted(missing.names)}`] : []),
          ...missing.groups.map((g) => `one of ${quoted(g)}`),
        ];
        const where = missing.at ? `Each item here needs` : `The ${site.name} processor needs`;
        const span = missing.at ? { start: missing.at.start, end: missing.at.start + Math.max(1, firstKeyLength(missing.at)) } : site.nameSpan;
        out.push(findingAt(span, { message: `${where} ${parts.join(' and ')}`, data: { options: missing.names } }));
      }
    }
    return out;
  },
};

function firstKeyLength(node: ObjectNode): number {
  const first = node.properties[0];
  return first ? first.keySpan.end - node.start : 1;
}

export const conflictingOptions: BeatsRule = {
  code: 'beats-conflicting-options',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Options that exclude each other',
  spec: 'Some options of a processor exclude each other (exactly one of them, or at most one); a Beat rejects a processor with more.',
  specSource: PROCESSORS,
  check(reading) {
    const out: Finding[] = [];
    for (let s = 0; s < reading.processors.length; s++) {
      const site = reading.processors[s];
      const spec = site.spec;
      if (!spec) continue;
      for (let g = 0; g < spec.oneOf.length + spec.exclusive.length; g++) {
        const group = g < spec.oneOf.length ? spec.oneOf[g] : spec.exclusive[g - spec.oneOf.length];
        const written = group.filter((path) => given(site, path));
        if (written.length < 2) continue;
        const second = site.entries.find((e) => e.path === written[1] || e.path.startsWith(`${written[1]}.`));
        out.push(findingAt(second?.keySpan ?? site.nameSpan, { message: `The ${site.name} processor takes one of ${quoted(group)}, not ${quoted(written)} together` }));
      }
    }
    return out;
  },
};

/** The values of an option that must be one of its list: the value, or each item of a list. */
function listedValues(entry: OptionEntry): ValueNode[] {
  const value = entry.value;
  if (!value || !entry.spec.values) return [];
  return value.kind === 'array' ? value.items : [value];
}

export const invalidOptionValue: BeatsRule = {
  code: 'beats-invalid-option-value',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Option value not among its values',
  spec: 'Options with a fixed set of values (a convert type, a dissect trim, a hash method, ...) take only those; a Beat rejects any other.',
  specSource: PROCESSORS,
  check(reading) {
    const out: Finding[] = [];
    for (let s = 0; s < reading.processors.length; s++) {
      const site = reading.processors[s];
      for (let e = 0; e < site.entries.length; e++) {
        const entry = site.entries[e];
        const values = entry.spec.values;
        if (!values || entry.value === undefined) continue;
        const nodes = listedValues(entry);
        for (let n = 0; n < nodes.length; n++) {
          const node = nodes[n];
          if (node.kind !== 'string' || values.includes(String(node.value))) continue;
          if (String(node.value).includes('${')) continue;
          const close = closeValues(String(node.value), values);
          out.push(findingAt(node, {
            message: `'${node.value}' is not a value of ${site.name}'s ${entry.path} (${values.join(', ')})${close.length ? `; did you mean '${close[0]}'?` : ''}`,
            data: { values: close.length ? close : values },
          }));
        }
      }
    }
    return out;
  },
};

function severityOf(verdict: Verdict): Severity {
  return verdict === 'error' ? 'error' : 'warning';
}

export const convertTypeMismatch: BeatsRule = {
  code: 'beats-convert-type-mismatch',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Convert type does not fit the field',
  spec: 'A convert processor\'s type decides the value it leaves in the field it writes (`to`, else `from`); that field has the type the schema defines. Error or warning as the type table says.',
  specSource: 'schema/mapping/types.yml (docs/mappings.md, Type compatibility)',
  check(reading, env) {
    const table = loadTypeCompatibility();
    const out: Finding[] = [];
    for (let s = 0; s < reading.processors.length; s++) {
      const site = reading.processors[s];
      if (site.name !== 'convert') continue;
      for (const type of site.entries) {
        if (type.path !== 'fields.type' || type.value?.kind !== 'string') continue;
        const target = entryAt(site, 'fields.to', type.item) ?? entryAt(site, 'fields.from', type.item);
        const path = target?.value?.kind === 'string' ? String(target.value.value) : undefined;
        const field = path !== undefined ? env.catalog.lookup(path) : undefined;
        const fit = field && table.convert(field.type, String(type.value.value));
        if (!field || !fit || fit.verdict === 'ok') continue;
        out.push({ ...findingAt(type.value, { message: `convert to '${type.value.value}' writes ${withArticle(field.type)} field ('${field.path}'): ${fit.reason}` }), severity: severityOf(fit.verdict) });
      }
    }
    return out;
  },
};

export const valueInvalid: BeatsRule = {
  code: 'beats-value-invalid',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Constant value does not fit the field',
  spec: 'A value add_fields, add_labels or an input\'s fields write follows the field\'s type and, where the schema lists them, its allowed values.',
  specSource: 'Document 1, Event document rules (types and allowed values), applied to the constants a configuration writes',
  check(reading, env) {
    const out: Finding[] = [];
    for (let v = 0; v < reading.values.length; v++) {
      const written = reading.values[v];
      const field = env.catalog.lookup(written.path.join('.'));
      if (!field) continue;
      for (const node of written.elements) {
        if (node.kind === 'string' && String(node.value).includes('${')) continue;
        if (node.kind === 'object' || node.kind === 'invalid') continue;
        const problem = typeProblem(field.type, node);
        if (problem) {
          out.push(findingAt(node, { message: `${describeValue(node)} ${problem === 'mismatch' ? 'does not fit' : `${problem}:`} '${field.path}', ${withArticle(field.type)} field` }));
          continue;
        }
        const allowed = field.allowed;
        if (allowed && node.kind === 'string' && !allowed.includes(String(node.value))) {
          const close = closeValues(String(node.value), allowed);
          out.push(findingAt(node, {
            message: `'${node.value}' is not an allowed value of '${field.path}' (${allowed.join(', ')})${close.length ? `; did you mean '${close[0]}'?` : ''}`,
            data: { values: close.length ? close : allowed },
          }));
        }
      }
    }
    return out;
  },
};

const OBJECT_TYPES: ReadonlySet<string> = new Set(['object', 'flattened', 'nested']);

/** Whether an option names an object under which its processor writes names. */
function placesUnder(spec: BeatsOptionSpec): boolean {
  return spec.kind === 'objectPath' && spec.access === 'write';
}

export const targetNotObject: BeatsRule = {
  code: 'beats-target-not-object',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Names written under a field that is not an object',
  spec: 'A target under which a processor writes names (dissect\'s target_prefix, add_fields\' target, a decoder\'s target) must be an object: below a leaf field of the schema the names conflict with its mapping.',
  specSource: 'Document 1, Field sets (a leaf field holds a value, not sub-fields), applied to processor targets',
  check(reading, env) {
    const out: Finding[] = [];
    for (let s = 0; s < reading.processors.length; s++) {
      const site = reading.processors[s];
      for (let e = 0; e < site.entries.length; e++) {
        const entry = site.entries[e];
        if (!placesUnder(entry.spec) || entry.value?.kind !== 'string') continue;
        const path = String(entry.value.value);
        if (path === '' || path.startsWith('@metadata')) continue;
        const resolution = env.catalog.resolve(path.split('.'));
        if (resolution.kind !== 'field' || OBJECT_TYPES.has(resolution.field.type)) continue;
        out.push(findingAt(entry.value, {
          message: `'${path}' is ${withArticle(resolution.field.type)} field, not an object: the names the ${site.name} processor writes under it conflict with its mapping`,
        }));
      }
    }
    return out;
  },
};

export const unknownReadField: BeatsRule = {
  code: 'beats-unknown-read-field',
  scope: 'processor',
  defaultSeverity: 'warning',
  title: 'Read field unknown in its field set',
  spec: 'A name a configuration reads (a condition, a source option, a script\'s Get) inside a field set the schema defines, naming no field of it, is most likely a typo; a read name outside the schema\'s sets is the input\'s and gets nothing, and a name the configuration writes itself (or writes an object above, or a field below) is its own.',
  specSource: 'Fieldwise: Document 1, Event document rules, rule 3, applied to the names a configuration reads',
  check(reading, env) {
    const memo = memoOf(env.catalog);
    const out: BeatsFinding[] = [];
    for (let r = 0; r < reading.refs.length; r++) {
      const ref = reading.refs[r];
      if (ref.access !== 'read' || ref.detail.removes) continue;
      const finding = unknownReadFinding(ref, verdictOf(ref, memo.root, memo));
      if (finding) out.push({ ...finding, unlessWritten: ref.path });
    }
    return out;
  },
};

/** The rules read off one piece, in the order their diagnostics are listed. */
export const pieceRules: readonly BeatsRule[] = [
  unknownReadField, unknownProcessor, severalProcessors, unknownOption, missingOption, conflictingOptions, invalidOptionValue, unknownCondition,
  convertTypeMismatch, valueInvalid, targetNotObject,
];

// The rules only a pipeline can break: processors and options Elasticsearch does not know, required options left
// out, conditions that are not scripts, templates where none is taken, and Fieldwise's advice on failure handling.
// Each has a stable code, a default severity, the sentence it enforces and where it comes from (docs/pipelines.md).
import { suggestPaths } from '../../catalog/suggest';
import type { NamedRef } from '../../document/fieldRefs';
import type { ValueNode } from '../../document/model';
import { formOf } from './optionForms';
import { PIPELINE_KEYS, processorsOf, valueOf } from './pipelineDocument';
import type { OptionSpec } from '../../catalog/processors';
import { memoOf, type Verdict, verdictOf } from '../../features/names/refVerdict';
import type { Finding } from '../../features/rule';
import { unknownReadFieldInfo, unknownReadFinding } from '../../features/rules/unknownReadField';
import { findingAt } from '../../features/values/values';
import { captureTypeMismatch, convertTypeMismatch, dateTargetNotDate, setValueInvalid } from './pipelineTypeRules';
import type { PipelineFinding, PipelineRule } from './pipelineRule';

const ES = 'Elasticsearch ingest pipeline reference';

/** "did you mean 'x' or 'y'?" for a name among `names`. */
function didYouMean(name: string, names: readonly string[]): { text: string; suggestions: string[] } {
  const suggestions = suggestPaths(name, names.map((path) => ({ path, deprecated: false })), 3);
  return { text: suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?` : '', suggestions };
}

export const unknownReadField: PipelineRule = {
  ...unknownReadFieldInfo,
  scope: 'processor',
  check(doc, env) {
    // A name the pipeline itself writes, or writes an object above (geoip's `target_field: source.as`), is its own;
    // so is an object it makes by writing below it (`source.Tmp.a` makes `source.Tmp`, renamed away later): the
    // finding names its path, and the whole pipeline's writes decide (PipelineFacts).
    // Each name read is at the root: its verdict comes straight from the catalog's memo, no info made for the
    // thousands read (a handful are unknown). A batch's names only read (ReadNames) are looked up by their joined
    // path, as verdictOf looks a root name up; a reference is made only for a first reading or a finding.
    const memo = memoOf(env.catalog);
    const out: PipelineFinding[] = [];
    const reads = doc.reads;
    let q = 0;
    for (let k = 0; k <= doc.refs.length; k++) {
      for (; reads !== undefined && q < reads.length && reads.at[q] <= k; q++) {
        const known = memo.root.children?.get(reads.paths[q]);
        if (known !== undefined && known.status !== 'unknown') continue;
        const ref = reads.ref(q);
        const verdict = known ?? verdictOf(ref, memo.root, memo);
        if (verdict.status === 'unknown') unknownRead(ref, verdict, out);
      }
      if (k === doc.refs.length) break;
      const ref = doc.refs[k];
      if (ref.access !== 'read' || ref.detail.removes || ref.parent !== undefined) continue;
      const verdict = verdictOf(ref, memo.root, memo);
      if (verdict.status === 'unknown') unknownRead(ref, verdict, out);
    }
    return out;
  },
};

/**
 * The finding on a name read at the root whose verdict is 'unknown', if it names no field inside a defined set. Apart
 * from the loop that calls it: findings are few, and their code met late threw the loop's optimised code away.
 */
function unknownRead(ref: NamedRef, verdict: Verdict, out: PipelineFinding[]): void {
  const finding = unknownReadFinding(ref, verdict);
  if (finding) out.push({ ...finding, unlessWritten: ref.path });
}

export const unknownProcessor: PipelineRule = {
  code: 'unknown-processor',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Unknown processor',
  spec: 'Each processor of a pipeline is an object with one key, the processor type; Elasticsearch rejects a pipeline with a type it does not know.',
  specSource: ES,
  check(doc, env) {
    const names = env.processors.names();
    const out: PipelineFinding[] = [];
    const sites = processorsOf(doc);
    for (let i = 0; i < sites.length; i++) {
      const site = sites[i];
      if (env.processors.get(site.name) || site.name === '') continue;
      const { text, suggestions } = didYouMean(site.name, names);
      out.push(findingAt(site.key.keySpan, { message: `Unknown processor '${site.name}'${text}`, data: { suggestions } }));
    }
    return out;
  },
};

export const severalProcessors: PipelineRule = {
  code: 'several-processors',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Several processors in one object',
  spec: 'Each processor of a pipeline is an object with one key, the processor type; Elasticsearch rejects an object that holds two.',
  specSource: ES,
  check(doc) {
    const out: PipelineFinding[] = [];
    const sites = processorsOf(doc);
    for (let i = 0; i < sites.length; i++) {
      const site = sites[i];
      const keys = site.holder.properties;
      // Said once per object, on each key after the first: every key is still read as the processor it names.
      if (keys.length < 2 || keys[0] === site.key) continue;
      const names = keys.map((k) => `'${k.key}'`).join(', ');
      out.push(findingAt(site.key.keySpan, {
        message: `This object holds ${keys.length} processors (${names}); a processor object holds exactly one: make '${site.name}' an item of its own in the list`,
      }));
    }
    return out;
  },
};

export const unknownOption: PipelineRule = {
  code: 'unknown-option',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Unknown processor option',
  spec: 'Elasticsearch rejects a processor with an option its type does not take.',
  specSource: ES,
  check(doc, env) {
    const out: PipelineFinding[] = [];
    const sites = processorsOf(doc);
    for (let i = 0; i < sites.length; i++) {
      const site = sites[i];
      const info = env.processors.get(site.name);
      if (!info || !site.options) continue;
      const properties = site.options.properties;
      for (let k = 0; k < properties.length; k++) {
        const p = properties[k];
        if (p.key === '' || env.processors.option(site.name, p.key)) continue;
        const { text, suggestions } = didYouMean(p.key, Object.keys(info.options));
        out.push(findingAt(p.keySpan, { message: `The ${site.name} processor has no option '${p.key}'${text}`, data: { suggestions } }));
      }
    }
    return out;
  },
};

export const missingOption: PipelineRule = {
  code: 'missing-option',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Required processor option missing',
  spec: 'Elasticsearch rejects a processor that lacks one of its required options.',
  specSource: ES,
  check(doc, env) {
    const out: PipelineFinding[] = [];
    const sites = processorsOf(doc);
    for (let i = 0; i < sites.length; i++) {
      const site = sites[i];
      const info = env.processors.get(site.name);
      if (!info || (site.options === undefined && site.key.value !== undefined && site.key.value.kind !== 'object')) continue;
      let missing: OptionSpec[] | undefined;
      const required = info.required;
      for (let k = 0; k < required.length; k++) if (!(site.options && valueOf(site.options, required[k].name) !== undefined)) (missing ??= []).push(required[k]);
      if (missing === undefined) continue;
      const list = missing.map((o) => `'${o.name}'`).join(', ');
      out.push(findingAt(site.key.keySpan, { message: `The ${site.name} processor needs ${missing.length === 1 ? 'the option' : 'the options'} ${list}`, data: { options: missing.map((o) => o.name) } }));
    }
    return out;
  },
};

export const conditionNotString: PipelineRule = {
  code: 'condition-not-string',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Condition is not a script',
  spec: 'A processor\'s `if` is a Painless script, written as a string, that decides whether the processor runs.',
  specSource: ES,
  check(doc) {
    const out: PipelineFinding[] = [];
    const sites = processorsOf(doc);
    for (let i = 0; i < sites.length; i++) {
      const site = sites[i];
      const condition = site.options && valueOf(site.options, 'if');
      if (condition && condition.kind !== 'string' && condition.kind !== 'invalid') {
        out.push(findingAt(condition, { message: `'if' takes a Painless script as a string, not ${describe(condition)}` }));
      }
    }
    return out;
  },
};

export const templateNotTaken: PipelineRule = {
  code: 'template-not-taken',
  scope: 'processor',
  defaultSeverity: 'warning',
  title: 'Template in an option that takes none',
  spec: 'Only some options of a processor render Mustache templates; elsewhere `{{...}}` is kept as literal text.',
  specSource: ES,
  check(doc, env) {
    const out: PipelineFinding[] = [];
    const sites = processorsOf(doc);
    for (let i = 0; i < sites.length; i++) {
      const site = sites[i];
      const properties = site.options?.properties;
      if (!properties) continue;
      for (let k = 0; k < properties.length; k++) {
        const p = properties[k];
        const option = env.processors.option(site.name, p.key);
        if (!option || option.template) continue;
        const form = formOf(option);
        // A lone string without braces (most values) is passed over before a list of strings is made.
        if ((form !== 'none' && form !== 'name') || (p.value?.kind === 'string' && !String(p.value.value).includes('{{'))) continue;
        for (const node of stringsIn(p.value)) {
          const text = String(node.value);
          // Most strings hold no braces: passed over before either pattern runs.
          if (!text.includes('{{') || !/\{\{[^{}]/.test(text) || /\{\{\s*IngestPipeline\b/.test(text)) continue;
          out.push(findingAt(node, { message: `The ${site.name} processor's '${p.key}' takes no template: '{{...}}' stays literal text here` }));
        }
      }
    }
    return out;
  },
};

export const unknownPipelineKey: PipelineRule = {
  code: 'unknown-pipeline-key',
  scope: 'body',
  defaultSeverity: 'error',
  title: 'Unknown pipeline key',
  spec: `A pipeline body holds ${PIPELINE_KEYS.map((k) => `\`${k}\``).join(', ')}.`,
  specSource: ES,
  check(doc) {
    const out: Finding[] = [];
    for (const body of doc.bodies) {
      if (body.role !== 'pipeline' || !body.pipeline) continue;
      for (const p of body.pipeline.properties) {
        if (PIPELINE_KEYS.includes(p.key) || p.key === '') continue;
        const { text, suggestions } = didYouMean(p.key, PIPELINE_KEYS);
        out.push(findingAt(p.keySpan, { message: `A pipeline has no key '${p.key}'${text}`, data: { suggestions } }));
      }
    }
    return out;
  },
};

export const noFailureHandler: PipelineRule = {
  code: 'no-failure-handler',
  scope: 'body',
  defaultSeverity: 'hint',
  title: 'No pipeline-level failure handler',
  spec: 'event.kind takes the value pipeline_error for events that a pipeline failed to process; a pipeline-level on_failure that sets it and keeps _ingest.on_failure_message in error.message makes such events findable.',
  specSource: 'Fieldwise advice, after Document 2, event.kind allowed values (pipeline_error)',
  check(doc) {
    const out: Finding[] = [];
    for (const body of doc.bodies) {
      if (body.role !== 'pipeline' || !body.pipeline) continue;
      const processors = body.pipeline.properties.find((p) => p.key === 'processors');
      if (!processors) continue;
      const handler = valueOf(body.pipeline, 'on_failure');
      if (handler?.kind === 'array' && handlesFailure(doc.refs, handler)) continue;
      out.push(findingAt(processors.keySpan, {
        message: "This pipeline has no pipeline-level on_failure that sets event.kind to 'pipeline_error' and records _ingest.on_failure_message in error.message",
        data: { add: handler === undefined },
      }));
    }
    return out;
  },
};

/** The handler writes `event.kind` (with pipeline_error) and `error.message`. */
function handlesFailure(refs: readonly NamedRef[], handler: ValueNode): boolean {
  const within = refs.filter((r) => r.access === 'write' && r.segments[0].start >= handler.start && r.segments[0].end <= handler.end);
  return within.some((r) => r.joinedPath === 'error.message') && within.some((r) => r.joinedPath === 'event.kind');
}

function stringsIn(value: ValueNode | undefined): Array<ValueNode & { value: unknown }> {
  if (!value) return [];
  if (value.kind === 'string') return [value];
  if (value.kind === 'array') return value.items.flatMap((i) => stringsIn(i));
  return [];
}

function describe(node: ValueNode): string {
  return node.kind === 'object' ? 'an object' : node.kind === 'array' ? 'a list' : `a ${node.kind}`;
}

export const pipelineRules: readonly PipelineRule[] = [
  unknownReadField, unknownProcessor, severalProcessors, unknownOption, missingOption, conditionNotString, templateNotTaken, unknownPipelineKey, noFailureHandler,
  convertTypeMismatch, captureTypeMismatch, dateTargetNotDate, setValueInvalid,
];


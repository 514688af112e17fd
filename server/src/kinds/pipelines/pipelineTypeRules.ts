// The type conflicts a pipeline states itself, judged by the one type-compatibility table (schema/mapping/types.yml,
// shared with mappings): a convert's type against its target field, a grok capture's type against its field, a
// date processor writing a field that is not a date, and a constant set.value of the wrong type or value.
import type { Datatype, FieldDefinition } from '../../catalog/types';
import { loadTypeCompatibility, Verdict } from '../../catalog/typeCompatibility';
import type { NamedRef } from '../../document/fieldRefs';
import type { Span, ValueNode } from '../../document/model';
import { PipelineDocument, processorsOf, ProcessorSite, valueOf } from './pipelineDocument';
import { closeValues } from '../../features/values/closeValues';
import { typeProblem } from '../../features/values/datatypes';
import { describeValue, findingAt, withArticle } from '../../features/values/values';
import type { Severity } from '../../features/types';
import type { PipelineEnv } from './pipelineEnv';
import type { PipelineFinding, PipelineRule } from './pipelineRule';

const TABLE = 'schema/mapping/types.yml (docs/mappings.md, Type compatibility)';

function severityOf(verdict: Verdict): Severity {
  return verdict === 'error' ? 'error' : 'warning';
}

/** The schema's definition of the field a site writes through `option` (or the default path). */
function writtenField(site: ProcessorSite, option: string, env: PipelineEnv, fallback?: string): { field: FieldDefinition; node: ValueNode | undefined } | undefined {
  const node = site.options && valueOf(site.options, option);
  const path = node?.kind === 'string' ? String(node.value) : fallback;
  if (path === undefined || path.includes('{{')) return undefined;
  const field = env.catalog.lookup(path.startsWith('_source.') ? path.slice(8) : path);
  return field ? { field, node } : undefined;
}

function sites(doc: PipelineDocument, name: string): ProcessorSite[] {
  const all = processorsOf(doc);
  const out: ProcessorSite[] = [];
  for (let i = 0; i < all.length; i++) if (all[i].name === name && all[i].options) out.push(all[i]);
  return out;
}

/** The schema fields the convert processors of a document write (`PipelineFacts.converted`), and where each processor starts. */
export function convertedFields(doc: PipelineDocument, env: PipelineEnv): Array<{ path: string; at: number }> {
  const out: Array<{ path: string; at: number }> = [];
  for (const site of sites(doc, 'convert')) {
    const target = writtenField(site, 'target_field', env) ?? writtenField(site, 'field', env);
    if (target) out.push({ path: target.field.path, at: site.holder.start });
  }
  return out;
}

export const convertTypeMismatch: PipelineRule = {
  code: 'convert-type-mismatch',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Convert type does not fit the field',
  spec: 'A convert processor\'s type decides the value it leaves; the field it writes has the type the schema defines. Error or warning as the type table says.',
  specSource: TABLE,
  check(doc, env) {
    const table = loadTypeCompatibility();
    const out: PipelineFinding[] = [];
    for (const site of sites(doc, 'convert')) {
      const type = valueOf(site.options!, 'type');
      if (type?.kind !== 'string') continue;
      const target = writtenField(site, 'target_field', env) ?? writtenField(site, 'field', env);
      const fit = target && table.convert(target.field.type, String(type.value));
      if (!target || !fit || fit.verdict === 'ok') continue;
      out.push({ ...findingAt(type, { message: `convert to '${type.value}' writes ${withArticle(target.field.type)} field ('${target.field.path}'): ${fit.reason}` }), severity: severityOf(fit.verdict) });
    }
    return out;
  },
};

export const captureTypeMismatch: PipelineRule = {
  code: 'capture-type-mismatch',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Capture type does not fit the field',
  spec: 'A grok capture leaves a string unless it names a type (`%{NUMBER:source.bytes:long}`), and a dissect capture always does; a string in a numeric or boolean field fails the event\'s type check unless a later convert of that field fixes it.',
  specSource: TABLE,
  check(doc, env) {
    const table = loadTypeCompatibility();
    const out: PipelineFinding[] = [];
    for (let k = 0; k < doc.refs.length; k++) {
      const ref = doc.refs[k];
      if (ref.role !== 'pattern' || ref.access !== 'write') continue;
      if (ref.detail.processor === 'dissect') {
        dissectCapture(ref, env, out);
        continue;
      }
      if (ref.detail.processor !== 'grok') continue;
      const field = env.catalog.lookup(ref.joinedPath);
      if (!field) continue;
      const type = ref.detail.captureType;
      const fit = table.grok(field.type, type);
      const span = nameSpan(ref);
      if (!fit) {
        out.push(findingAt(span, { message: `'${type}' is no grok capture type (int, long, float, double, boolean)` }));
        continue;
      }
      // An untyped capture is a string: a problem only where the event check rejects a string (numbers, booleans), and
      // unless a convert of that field (anywhere in the pipeline, even under an `if`) fixes it.
      if (fit.verdict === 'ok' || (type === undefined && !rejectsString(field.type))) continue;
      const suggested = type === undefined ? grokTypeFor(field.type) : undefined;
      const finding = findingAt(span, {
        message: type === undefined
          ? `The capture leaves a string in '${field.path}', ${withArticle(field.type)} field: ${fit.reason}${suggested ? `; capture it as ':${suggested}'` : ''}`
          : `A ':${type}' capture writes ${withArticle(field.type)} field ('${field.path}'): ${fit.reason}`,
        data: suggested ? { addType: suggested } : undefined,
      });
      out.push({ ...finding, severity: type === undefined ? 'warning' : severityOf(fit.verdict), ...(type === undefined ? { unlessConverted: field.path } : {}) });
    }
    return out;
  },
};

/**
 * A dissect capture leaves a string (dissect has no capture types): where the field rejects a string, the finding
 * grok's untyped capture gets, with a convert processor as its fix, unless some convert of that field fixes it.
 */
function dissectCapture(ref: NamedRef, env: PipelineEnv, out: PipelineFinding[]): void {
  const field = env.catalog.lookup(ref.joinedPath);
  if (!field || !rejectsString(field.type)) return;
  const convertTo = convertTypeFor(field.type, env);
  out.push({
    ...findingAt(nameSpan(ref), {
      message: `The dissect capture leaves a string in '${field.path}', ${withArticle(field.type)} field; dissect has no capture types${convertTo ? `: convert it to '${convertTo}' after this processor` : ''}`,
      data: convertTo ? { convertTo, field: field.path } : undefined,
    }),
    severity: 'warning',
    unlessConverted: field.path,
  });
}

/** The convert processor's type whose value fits a field of `type` as it is. */
function convertTypeFor(type: Datatype, env: PipelineEnv): string | undefined {
  const table = loadTypeCompatibility();
  return env.processors.option('convert', 'type')?.values?.find((t) => table.convert(type, t)?.verdict === 'ok');
}

const A_STRING: ValueNode = { kind: 'string', value: 'x', start: 0, end: 3, raw: '"x"', style: 'double' };
/** By type: asked for every grok capture into a schema field. */
const stringRejected = new Map<Datatype, boolean>();

/** Whether the event check rejects a string in a field of `type` (an ip or a date as a string is how events hold them). */
function rejectsString(type: Datatype): boolean {
  let rejects = stringRejected.get(type);
  if (rejects === undefined) stringRejected.set(type, (rejects = typeProblem(type, A_STRING) === 'mismatch'));
  return rejects;
}

/** The grok type whose value fits a field of `type` as it is. */
export function grokTypeFor(type: Datatype): string | undefined {
  const table = loadTypeCompatibility();
  return table.grokTypes.find((t) => table.grok(type, t)?.verdict === 'ok');
}

/** The whole name of a reference (for a capture: `source.bytes` in `%{NUMBER:source.bytes}`). */
function nameSpan(ref: NamedRef): Span {
  return { start: ref.segments[0].start, end: ref.segments[ref.segments.length - 1].end };
}

export const dateTargetNotDate: PipelineRule = {
  code: 'date-target-not-date',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Date processor writes a field that is not a date',
  spec: 'The date processor writes a date (to `@timestamp` unless `target_field` says otherwise).',
  specSource: 'Elasticsearch ingest pipeline reference, date processor',
  check(doc, env) {
    const out: PipelineFinding[] = [];
    for (const site of sites(doc, 'date')) {
      const target = writtenField(site, 'target_field', env, '@timestamp');
      if (!target || target.field.type === 'date') continue;
      out.push(findingAt(target.node ?? site.key.keySpan, { message: `The date processor writes a date into '${target.field.path}', ${withArticle(target.field.type)} field` }));
    }
    return out;
  },
};

export const setValueInvalid: PipelineRule = {
  code: 'set-value-invalid',
  scope: 'processor',
  defaultSeverity: 'error',
  title: 'Constant value does not fit the field',
  spec: 'A value written by set or append follows the field\'s type and, where the schema lists them, its allowed values.',
  specSource: 'Document 1, Event document rules (types and allowed values), applied to the constants a pipeline writes',
  check(doc, env) {
    const out: PipelineFinding[] = [];
    for (const site of sites(doc, 'set').concat(sites(doc, 'append'))) {
      const target = writtenField(site, 'field', env);
      const value = valueOf(site.options!, 'value');
      if (!target || !value) continue;
      for (const node of value.kind === 'array' ? value.items : [value]) {
        if (node.kind === 'string' && String(node.value).includes('{{')) continue;
        const problem = typeProblem(target.field.type, node);
        if (problem) {
          out.push(findingAt(node, { message: `${describeValue(node)} ${problem === 'mismatch' ? 'does not fit' : problem + ':'} '${target.field.path}', ${withArticle(target.field.type)} field` }));
          continue;
        }
        const allowed = target.field.allowed;
        if (allowed && node.kind === 'string' && !allowed.includes(String(node.value))) {
          const close = closeValues(String(node.value), allowed);
          out.push(findingAt(node, {
            message: `'${node.value}' is not an allowed value of '${target.field.path}' (${allowed.join(', ')})${close.length ? `; did you mean '${close[0]}'?` : ''}`,
            data: { values: close.length ? close : allowed },
          }));
        }
      }
    }
    return out;
  },
};


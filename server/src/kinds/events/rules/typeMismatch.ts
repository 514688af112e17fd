// type-mismatch: a value of the wrong JSON type for the field's datatype, checked element by element,
// as strictly as Elastic's package validator; plus a single value where the field holds an array.
import type { FieldDefinition } from '../../../catalog/types';
import type { ValueNode } from '../../../document/model';
import { replaceValue, wrapInArray } from '../edits';
import type { QuickFix } from '../../../features/types';
import { coordinateProblem, expectedFor, typeProblem } from '../../../features/values/datatypes';
import { isRecord, valueAt } from '../../../features/locate';
import type { RefInfo } from '../../../features/names/refInfo';
import type { Finding, Rule } from '../../../features/rule';
import { describeValue, elementsOf, findingAt, valueSpan, withArticle } from '../../../features/values/values';

/** Fields whose wrong scalars another rule reports with a better fix (invalid-version for schema.version). */
const OWN_RULE = new Set(['schema.version']);

const NUMERIC = new Set(['long', 'integer', 'float', 'half_float', 'scaled_float']);

type FixData = { fix: 'number'; value: number } | { fix: 'string' } | { fix: 'array' };

export const typeMismatch: Rule = {
  code: 'type-mismatch',
  defaultSeverity: 'error',
  title: 'Value does not match the field type',
  spec: 'It gives each field a name, a datatype, a description and a level (core, extended or custom).',
  specSource: 'Document 1, What the service does (the datatypes of the field tables; Datatype conventions)',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    const root = ctx.view.root;
    if (root && root.kind !== 'object' && root.kind !== 'invalid' && root.kind !== 'null') {
      out.push(findingAt(valueSpan(root), { message: `An event is an object of fields; found ${describeValue(root)}` }));
    }
    const infos = ctx.infos;
    for (let k = 0; k < infos.length; k++) {
      const info = infos[k];
      const value = info.ref.value;
      if (!value) continue;
      if (info.status === 'field' && info.field) fieldProblems(info, info.field, value, out);
      else if (info.status === 'object') objectProblems(info, value, out);
      else if (info.status === 'geoPart') coordinateProblems(info, value, out);
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const data = diagnostic.data;
    const found = valueAt(ctx.view, diagnostic);
    if (!found || !isRecord(data)) return [];
    const fix = (title: string, edit: ReturnType<typeof wrapInArray>): QuickFix[] =>
      edit ? [{ title, code: typeMismatch.code, kind: 'quickfix', isPreferred: true, edits: [edit] }] : [];
    const node = found.node;
    if (data.fix === 'number' && typeof data.value === 'number') return fix(`Write ${data.value} as a number`, replaceValue(ctx.format, node, data.value));
    if (data.fix === 'string' && node.kind !== 'object' && node.kind !== 'array') {
      const text = 'raw' in node ? node.raw.trim() : '';
      return fix(`Write ${text} as a string`, replaceValue(ctx.format, node, text));
    }
    if (data.fix === 'array') return fix('Wrap the value in an array', wrapInArray(ctx.view.text, node));
    return [];
  },
};

/** Appends the problems of one field's value to `out` (every field of every event passes here: no arrays of its own). */
function fieldProblems(info: RefInfo, field: FieldDefinition, value: ValueNode, out: Finding[]): void {
  const before = out.length;
  // A single value is its only element, also for a geo_point.
  if (value.kind !== 'array') elementProblem(info, field, value, out);
  else for (const element of field.type === 'geo_point' ? geoPoints(value) : elementsOf(value)) elementProblem(info, field, element, out);
  if (out.length === before && field.array && value.kind !== 'array' && value.kind !== 'null') {
    out.push(findingAt(valueSpan(value), {
      message: `Type mismatch: ${info.path} holds an array of ${field.type} values; found a single value (write it as [${value.kind === 'string' ? JSON.stringify(value.value) : '...'}])`,
      data: { fix: 'array' } satisfies FixData,
    }));
  }
}

function elementProblem(info: RefInfo, field: FieldDefinition, element: ValueNode, out: Finding[]): void {
  const problem = typeProblem(field.type, element);
  // The other rule's fields are looked up only for a problem: most values have none.
  if (!problem || (OWN_RULE.has(field.path) && element.kind !== 'object' && element.kind !== 'array')) return;
  out.push(mismatch(info.path, field, element, problem));
}

/** A geo_point value is one point, or an array of points (a [lon, lat] pair is one point, not two values). */
function geoPoints(value: ValueNode): ValueNode[] {
  if (value.kind !== 'array' || value.items.every((i) => i.kind === 'number')) return [value];
  return value.items;
}

function mismatch(path: string, field: FieldDefinition, element: ValueNode, problem: string): Finding {
  const message = problem === 'mismatch'
    ? `Type mismatch: ${path} is ${withArticle(field.type)} field and expects ${expectedFor(field.type)}; found ${describeValue(element)}`
    : `Type mismatch: ${path} is ${withArticle(field.type)} field; ${describeValue(element, true)} ${problem}`;
  return findingAt(valueSpan(element), { message, data: fixFor(field, element) });
}

function fixFor(field: FieldDefinition, element: ValueNode): FixData | undefined {
  if (NUMERIC.has(field.type) && element.kind === 'string') {
    const text = String(element.value).trim();
    const number = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : NaN;
    const whole = field.type === 'long' || field.type === 'integer';
    if (Number.isFinite(number) && (!whole || Number.isInteger(number))) return { fix: 'number', value: number };
  }
  if ((field.type === 'keyword' || field.type === 'text') && (element.kind === 'number' || element.kind === 'boolean')) return { fix: 'string' };
  return undefined;
}

/** Appends what is not an object where fields are expected (every object key of every event passes here). */
function objectProblems(info: RefInfo, value: ValueNode, out: Finding[]): void {
  // The usual case, said at once: an object (or null) where fields are expected.
  if (value.kind === 'object' || value.kind === 'null') return;
  for (const e of elementsOf(value)) {
    if (e.kind !== 'object' && e.kind !== 'null') out.push(findingAt(valueSpan(e), { message: `Type mismatch: '${info.path}' holds fields and expects an object; found ${describeValue(e)}` }));
  }
}

function coordinateProblems(info: RefInfo, value: ValueNode, out: Finding[]): void {
  const axis = info.ref.lastName as 'lat' | 'lon';
  if (value.kind === 'null' || !coordinateProblem(axis, value)) return;
  const [name, limit] = axis === 'lat' ? ['latitude', 90] : ['longitude', 180];
  out.push(findingAt(valueSpan(value), {
    message: `Type mismatch: ${info.path} is the ${name} of the geo_point ${info.field?.path} and expects a number within -${limit}..${limit}; found ${describeValue(value)}`,
  }));
}

// Completion in a pipeline: field names wherever one is typed (whole option values, patterns, templates, scripts;
// the dotted form), processor names with their required options, option names, and allowed values of set.value.
import { pipelinePositionAt } from '../../document/pipeline/pipelinePosition';
import type { PipelineDocument } from '../../document/pipeline/pipelineDocument';
import { candidates } from '../keyCompletion';
import type { CompletionEntry } from '../types';
import type { PipelineEnv } from './pipelineEnv';

export function completePipeline(doc: PipelineDocument, offset: number, env: PipelineEnv): CompletionEntry[] {
  const pos = pipelinePositionAt(doc, offset, env.processors);
  switch (pos.kind) {
    case 'fieldName':
      return pos.parent ? segmentNames(pos.parent, pos.replace, env) : fieldNames(pos.typed, pos.replace, env);
    case 'ref': {
      const ref = pos.ref;
      const replace = { start: ref.segments[0].start, end: ref.segments[ref.segments.length - 1].end };
      return fieldNames(doc.text.slice(replace.start, offset), replace, env);
    }
    case 'processorName':
      return env.processors.names().map((name) => env.processors.get(name)!).map((p) => ({
        label: p.name,
        kind: 'object' as const,
        detail: 'ingest processor',
        documentation: p.description,
        insertText: p.name,
        replace: pos.replace,
        sortText: p.name,
      }));
    case 'optionName': {
      const info = env.processors.get(pos.site.name);
      if (!info) return [];
      const present = new Set(pos.site.options?.properties.filter((p) => p !== pos.key).map((p) => p.key));
      return Object.values(info.options).filter((o) => !present.has(o.name)).map((o) => ({
        label: o.name,
        kind: 'value' as const,
        detail: `${pos.site.name} option${o.required ? ' · required' : ''}`,
        documentation: o.description,
        insertText: o.name,
        replace: pos.replace,
        sortText: `${o.required ? 0 : 1}${o.name}`,
      }));
    }
    default:
      return [];
  }
}

/** The names of one segment below `parent` (a script spelling the path in parts): direct children only. */
function segmentNames(parent: readonly string[], replace: { start: number; end: number }, env: PipelineEnv): CompletionEntry[] {
  if (parent.some((s) => s === '')) return [];
  return candidates(env.catalog, parent, true).map((c) => ({
    label: c.label,
    kind: c.target.kind === 'object' ? 'object' : 'field',
    level: c.level,
    detail: c.detail,
    documentation: c.documentation,
    insertText: c.label,
    replace,
    sortText: c.sortText,
    deprecated: c.deprecated !== undefined,
  }));
}

/** Field names below the segments typed so far, as whole dotted names that replace what is typed. */
function fieldNames(typed: string, replace: { start: number; end: number }, env: PipelineEnv): CompletionEntry[] {
  const parent = typed.split('.').slice(0, -1);
  if (parent.some((s) => s === '')) return [];
  const prefix = parent.length > 0 ? `${parent.join('.')}.` : '';
  return candidates(env.catalog, parent, false).map((c) => ({
    label: prefix + c.label,
    kind: c.target.kind === 'object' ? 'object' : 'field',
    level: c.level,
    detail: c.detail,
    documentation: c.documentation,
    insertText: prefix + c.label,
    filterText: prefix + c.label,
    replace,
    sortText: c.sortText,
    deprecated: c.deprecated !== undefined,
  }));
}

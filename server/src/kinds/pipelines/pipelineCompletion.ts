// Completion in a pipeline: field names wherever one is typed (whole option values, patterns, templates, scripts;
// the dotted form), processor names with their required options, option names, and allowed values of set.value.
import type { ProcessorSpec, ProcessorTable } from '../../catalog/processors';
import { columnSpaces } from '../../document/syntaxes/textLayout';
import { valueOf } from './pipelineDocument';
import { PipelinePosition, pipelinePositionAt } from './pipelinePosition';
import { Layout, verbatim } from '../../document/syntaxes/writer';
import { scalarText, writerFor } from '../../document/syntaxes/writerFor';
import { snippetEscape } from '../../features/insertText';
import type { PipelineDocument } from './pipelineDocument';
import { candidates } from '../../features/keyCompletion';
import type { CompletionEntry } from '../../features/types';
import type { PipelineEnv } from './pipelineEnv';

// Completion items carry a `docPath` whose documentation is built when shown: a field's path, or one of these.
const PROCESSOR_DOC = 'processor:';
const OPTION_DOC = 'option:';

/** The documentation of a pipeline item's `docPath`; undefined when the path names no processor or option. */
export function pipelineCompletionDocs(table: () => ProcessorTable, docPath: string): string | undefined {
  if (docPath.startsWith(PROCESSOR_DOC)) return table().get(docPath.slice(PROCESSOR_DOC.length))?.description;
  if (!docPath.startsWith(OPTION_DOC)) return undefined;
  const [processor, option] = docPath.slice(OPTION_DOC.length).split(':');
  return table().option(processor, option ?? '')?.description;
}

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
    case 'processorName': {
      // A bare YAML item being typed gets the processor with its required options as a snippet.
      const layout = pos.bare && doc.type.format === 'yaml' ? itemLayout(doc.text, pos.replace.start) : undefined;
      return env.processors.names().map((name) => env.processors.get(name)!).map((p) => {
        const snippet = layout ? processorSnippet(p, layout) : undefined;
        return {
          label: p.name,
          kind: 'object' as const,
          detail: 'ingest processor',
          docPath: `${PROCESSOR_DOC}${p.name}`,
          insertText: snippet ?? p.name,
          snippet: snippet !== undefined,
          replace: pos.replace,
          sortText: p.name,
        };
      });
    }
    case 'optionValue':
      return allowedValues(doc, pos, env);
    case 'optionName': {
      const info = env.processors.get(pos.site.name);
      if (!info) return [];
      const present = new Set(pos.site.options?.properties.filter((p) => p !== pos.key).map((p) => p.key));
      return Object.values(info.options).filter((o) => !present.has(o.name)).map((o) => ({
        label: o.name,
        kind: 'value' as const,
        detail: `${pos.site.name} option${o.required ? ' · required' : ''}`,
        docPath: `${OPTION_DOC}${pos.site.name}:${o.name}`,
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
    docPath: c.path,
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
    docPath: c.path,
    insertText: prefix + c.label,
    filterText: prefix + c.label,
    replace,
    sortText: c.sortText,
    deprecated: c.deprecated !== undefined,
  }));
}

/** Where a YAML item's processor is written: its column, the file's unit, snippet characters in keys escaped. */
function itemLayout(text: string, at: number): Layout {
  const writer = writerFor('yaml');
  return { indent: columnSpaces(text, at), unit: writer.indentUnit(text), multiline: true, keyText: snippetEscape };
}

/** `name:` and each required option on its own line below it, written as the missing-option fix writes them, tab stops for values. */
function processorSnippet(p: ProcessorSpec, layout: Layout): string {
  const writer = writerFor('yaml');
  const required = p.required;
  if (required.length === 0) return `${snippetEscape(writer.key(p.name))}:`;
  return writer.entry([p.name], Object.fromEntries(required.map((o, i) => [o.name, verbatim(`$${i + 1}`)])), layout);
}

/** The allowed values of the field a set or append writes, where the schema lists them (`event.kind`, `event.outcome`). */
function allowedValues(doc: PipelineDocument, pos: Extract<PipelinePosition, { kind: 'optionValue' }>, env: PipelineEnv): CompletionEntry[] {
  if ((pos.site.name !== 'set' && pos.site.name !== 'append') || pos.option !== 'value' || !pos.site.options) return [];
  const target = valueOf(pos.site.options, 'field');
  const field = target?.kind === 'string' ? env.catalog.lookup(String(target.value)) : undefined;
  if (!field?.allowed) return [];
  return field.allowed.map((v, i) => ({
    label: v,
    kind: 'value' as const,
    detail: `${field.path} · allowed value`,
    docPath: field.path,
    insertText: scalarText(v, doc.type.format, pos.node),
    replace: pos.replace,
    sortText: String(i).padStart(3, '0'),
  }));
}

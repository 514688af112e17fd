// Quick fixes in a pipeline: rename a field reference to the suggested name (inside a pattern, template or script
// too), and a processor or option to the one it most likely means. Computed from the current text; the fixes over
// names are the ones every kind with references in values shares (features/refFixes.ts).
import type { ProcessorTable } from '../../catalog/processors';
import type { ArrayNode, ValueNode } from '../../document/model';
import { PipelineDocument, ProcessorSite, valueOf } from './pipelineDocument';
import { isRecord } from '../../features/locate';
import { PlainValue, quoted } from '../../document/syntaxes/writer';
import { writerFor } from '../../document/syntaxes/writerFor';
import type { FwDiagnostic, QuickFix } from '../../features/types';
import { addOptionFixes, fieldRenameFixes, metaFieldFixes, nameChangeFixes, refUnder, valueReplaceFixes } from '../../features/refFixes';

const RENAMES_FIELD = new Set(['unknown-field', 'unknown-read-field']);
const RENAMES_NAME = new Set(['unknown-processor', 'unknown-option', 'unknown-pipeline-key']);

export function pipelineFixes(doc: PipelineDocument, shown: readonly FwDiagnostic[], range: { start: number; end: number }, table: ProcessorTable): QuickFix[] {
  const out: QuickFix[] = [];
  for (const d of shown) {
    if (d.start > range.end || d.end < range.start || !isRecord(d.data)) continue;
    const more = structureFixes(doc, d, d.data, table);
    if (more) out.push(...more);
    else if (RENAMES_NAME.has(d.code)) out.push(...nameChangeFixes(d));
    else if (d.code === 'foreign-meta-field') out.push(...metaFieldFixes(doc.text, doc.refs, d));
    else if (RENAMES_FIELD.has(d.code)) out.push(...fieldRenameFixes(doc.text, refUnder(doc.refs, d), d));
  }
  return out;
}

/** Fixes that write structure with the syntax's writer (document/syntax/): options, a handler, a value, a capture type. */
function structureFixes(doc: PipelineDocument, d: FwDiagnostic, data: Record<string, unknown>, table: ProcessorTable): QuickFix[] | undefined {
  const format = doc.type.format;
  const writer = writerFor(format);
  const text = doc.text;
  switch (d.code) {
    case 'missing-option': {
      const site = siteAt(doc, d.start);
      if (!site?.options) return [];
      return addOptionFixes(d, text, format, site.options, (name) => {
        const option = table.option(site.name, name);
        return option !== undefined && ['fields', 'grokPatterns', 'strings', 'templates'].includes(option.kind);
      });
    }
    case 'no-failure-handler': {
      const body = doc.bodies.find((b) => b.pipeline && b.span.start <= d.start && d.end <= b.span.end);
      if (!body?.pipeline || data.add !== true) return [];
      const edit = writer.insertKey(text, body.pipeline, ['on_failure'], FAILURE_HANDLER);
      return edit ? [{ title: "Add an on_failure handler that sets event.kind: pipeline_error and error.message", code: d.code, kind: 'quickfix', isPreferred: true, edits: [edit], diagnostic: d }] : [];
    }
    case 'set-value-invalid':
      return valueReplaceFixes(d, format, valueNodeAt(doc, d.start, d.end));
    case 'capture-type-mismatch': {
      if (typeof data.convertTo === 'string' && typeof data.field === 'string') return convertAfter(doc, d, data.field, data.convertTo);
      const type = data.addType;
      if (typeof type !== 'string' || text.charAt(d.end) !== '}') return [];
      return [{ title: `Capture as ':${type}'`, code: d.code, kind: 'quickfix', isPreferred: true, edits: [{ start: d.end, end: d.end, newText: `:${type}` }], diagnostic: d }];
    }
    default:
      return undefined;
  }
}

/** A convert processor of `field` to `type` right after the processor holding the diagnostic, in its own list. */
function convertAfter(doc: PipelineDocument, d: FwDiagnostic, field: string, type: string): QuickFix[] {
  // The innermost list item around the diagnostic: the processor itself, not one whose on_failure holds it.
  let best: { list: ArrayNode; at: number } | undefined;
  for (const body of doc.bodies) {
    for (const list of body.lists) {
      const at = list.items.findIndex((item) => item.start <= d.start && d.end <= item.end);
      if (at >= 0 && (!best || list.items[at].end - list.items[at].start < best.list.items[best.at].end - best.list.items[best.at].start)) best = { list, at };
    }
  }
  if (!best) return [];
  const upTo = { ...best.list, items: best.list.items.slice(0, best.at + 1) };
  const edit = writerFor(doc.type.format).appendItems(doc.text, upTo, [{ convert: { field, type, ignore_missing: true } }]);
  return edit ? [{ title: `Convert '${field}' to '${type}' after this processor`, code: d.code, kind: 'quickfix', isPreferred: true, edits: [edit], diagnostic: d }] : [];
}

/** The recommended handler, as data each syntax writes in its own style; the values quoted as pipelines write templates. */
const FAILURE_HANDLER: PlainValue = [
  { set: { field: 'event.kind', value: quoted('pipeline_error') } },
  { set: { field: 'error.message', value: quoted('{{{_ingest.on_failure_message}}}') } },
];

/** The processor whose name key holds the offset. */
function siteAt(doc: PipelineDocument, offset: number): ProcessorSite | undefined {
  for (const body of doc.bodies) for (const site of body.processors) if (site.key.keySpan.start <= offset && offset <= site.key.keySpan.end) return site;
  return undefined;
}

/** The value of a set or append processor spanning exactly [start, end). */
function valueNodeAt(doc: PipelineDocument, start: number, end: number): ValueNode | undefined {
  for (const body of doc.bodies) for (const site of body.processors) {
    const value = site.options && valueOf(site.options, 'value');
    for (const node of value?.kind === 'array' ? value.items : value ? [value] : []) if (node.start === start && node.end === end) return node;
  }
  return undefined;
}

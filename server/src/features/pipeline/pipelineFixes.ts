// Quick fixes in a pipeline: rename a field reference to the suggested name (inside a pattern, template or script
// too), and a processor or option to the one it most likely means. Computed from the current text.
import type { NamedRef } from '../../document/fieldRefs';
import type { PipelineDocument } from '../../document/pipeline/pipelineDocument';
import { isRecord, stringList } from '../diagnostics/locate';
import type { FwDiagnostic, QuickFix, TextEdit } from '../types';

const RENAMES_FIELD = new Set(['unknown-field', 'unknown-read-field']);
const RENAMES_NAME = new Set(['unknown-processor', 'unknown-option', 'unknown-pipeline-key']);

export function pipelineFixes(doc: PipelineDocument, shown: readonly FwDiagnostic[], range: { start: number; end: number }): QuickFix[] {
  const out: QuickFix[] = [];
  for (const d of shown) {
    if (d.start > range.end || d.end < range.start || !isRecord(d.data)) continue;
    const suggestions = stringList(d.data.suggestions);
    if (RENAMES_NAME.has(d.code)) {
      suggestions.forEach((s, i) => out.push({ title: `Change to '${s}'`, code: d.code, kind: 'quickfix', isPreferred: i === 0, edits: [{ start: d.start, end: d.end, newText: s }], diagnostic: d }));
      continue;
    }
    if (d.code === 'foreign-meta-field') {
      for (const ref of doc.refs.filter((r) => r.joinedPath === 'ecs.version')) {
        const edits = renameRef(doc.text, ref, ['schema', 'version']);
        if (edits) out.push({ title: "Rename 'ecs.version' to 'schema.version'", code: d.code, kind: 'quickfix', isPreferred: true, edits, diagnostic: d });
      }
      continue;
    }
    if (!RENAMES_FIELD.has(d.code)) continue;
    const ref = doc.refs.find((r) => r.segments.some((s) => s.start <= d.start && d.end <= s.end) && r.segments[0].start <= d.start);
    if (!ref) continue;
    const rest = stringList(d.data.rest);
    suggestions.forEach((s, i) => {
      const edits = renameRef(doc.text, ref, [...s.split('.'), ...rest]);
      if (edits) out.push({ title: `Rename to '${s}'`, code: d.code, kind: 'quickfix', isPreferred: i === 0, edits, diagnostic: d });
    });
  }
  return out;
}

/**
 * The edits renaming a reference: one replacement when its name is written as one dotted run (`source.ip`, `%{IP:source.ip}`),
 * else one per segment when the new path has as many (`ctx['source']['ip']`); undefined when neither fits.
 */
export function renameRef(text: string, ref: NamedRef, path: readonly string[]): TextEdit[] | undefined {
  const first = ref.segments[0];
  const last = ref.segments[ref.segments.length - 1];
  if (text.slice(first.start, last.end) === ref.path.join('.')) return [{ start: first.start, end: last.end, newText: path.join('.') }];
  if (path.length !== ref.segments.length || ref.segments.some((s, i) => text.slice(s.start, s.end) !== ref.path[i])) return undefined;
  return ref.segments.map((s, i) => ({ start: s.start, end: s.end, newText: path[i] }));
}

// Quick fixes in a Logstash config: rename a field reference to the suggested field, in the form it is written (inside
// a selector, a sprintf, a pattern or an option value), write a dotted name as the reference it means, replace a
// value with an allowed one, rename an option, add a required option, and give a grok capture its conversion.
// Computed from the current text, with the Logstash writer (document/syntaxes/logstash/writer.ts).
import type { LogstashPluginTable } from '../../catalog/logstashPlugins';
import type { Span } from '../../document/model';
import { insertAttribute, type LogstashData } from '../../document/syntaxes/logstash';
import { isRecord, stringList } from '../../features/locate';
import type { FwDiagnostic, QuickFix, TextEdit } from '../../features/types';
import type { ConfigRef, PluginSite } from './configRefs';
import type { LogstashDocument } from './logstashDocument';
import { bracketForm } from './refs/fieldReference';

const RENAMES_FIELD = new Set(['unknown-field', 'unknown-read-field']);
const REPLACES_VALUE = new Set(['value-not-allowed', 'invalid-option-value']);

export function logstashFixes(doc: LogstashDocument, shown: readonly FwDiagnostic[], range: Span, refs: readonly ConfigRef[], sites: readonly PluginSite[], table: LogstashPluginTable): QuickFix[] {
  const out: QuickFix[] = [];
  const fix = (d: FwDiagnostic, title: string, start: number, end: number, newText: string, preferred: boolean): void => {
    out.push({ title, code: d.code, kind: 'quickfix', isPreferred: preferred, edits: [{ start, end, newText }], diagnostic: d });
  };
  for (const d of shown) {
    if (d.start > range.end || d.end < range.start || !isRecord(d.data)) continue;
    const data = d.data;
    if (RENAMES_FIELD.has(d.code)) {
      const r = writtenAt(refs, d);
      if (!r?.written) continue;
      const rest = stringList(data.rest);
      stringList(data.suggestions).forEach((s, i) => {
        const path = [...s.split('.'), ...rest];
        const edits = referenceEdits(r, path);
        if (edits) out.push({ title: `Rename to ${r.written!.form === 'bare' && path.length === 1 ? path[0] : bracketForm(path)}`, code: d.code, kind: 'quickfix', isPreferred: i === 0, edits, diagnostic: d });
      });
    } else if (d.code === 'dotted-field-name' && typeof data.bracket === 'string') {
      fix(d, `Write ${data.bracket}`, d.start, d.end, data.bracket, true);
    } else if (REPLACES_VALUE.has(d.code)) {
      stringList(data.values).forEach((v, i) => fix(d, `Replace with '${v}'`, d.start, d.end, v, i === 0));
    } else if (d.code === 'unknown-plugin-option') {
      stringList(data.suggestions).forEach((s, i) => fix(d, `Change to '${s}'`, d.start, d.end, s, i === 0));
    } else if (d.code === 'missing-plugin-option') {
      const site = sites.find((s) => s.node.nameSpan.start === d.start);
      if (!site?.section) continue;
      for (const name of stringList(data.options)) {
        const option = table.option(site.section, site.node.name, name);
        const value: LogstashData = option?.type === 'array' ? [] : option?.type === 'hash' ? {} : '';
        const edit = insertAttribute(doc.tree, site.node, name, value);
        if (edit) out.push({ title: `Add the required option '${name}'`, code: d.code, kind: 'quickfix', isPreferred: true, edits: [edit], diagnostic: d });
      }
    } else if (d.code === 'conversion-type-mismatch' && typeof data.addType === 'string' && doc.text.charAt(d.end) === '}') {
      fix(d, `Capture as ':${data.addType}'`, d.end, d.end, `:${data.addType}`, true);
    }
  }
  return out;
}

/** The reference whose written text holds the diagnostic. */
function writtenAt(refs: readonly ConfigRef[], d: FwDiagnostic): ConfigRef | undefined {
  return refs.find((r) => r.written && !r.ref.detail.implied && r.written.span.start <= d.start && d.end <= r.written.span.end);
}

/**
 * The edits writing a path in the reference's own form: its brackets as written (each name in place when the path has
 * as many names, so an index fragment such as `[0]` stays), a bare name for one segment written bare (a path of
 * several written bare is one literal key to Logstash: it gets the brackets). Undefined when part of the path is a
 * target's, not the reference's own text, or the names cannot be placed.
 */
function referenceEdits(r: ConfigRef, path: readonly string[]): TextEdit[] | undefined {
  const written = r.written!;
  if (written.form === 'bare') return [{ start: written.span.start, end: written.span.end, newText: path.length === 1 ? path[0] : bracketForm(path) }];
  if (written.segments.length !== r.ref.path.length) return undefined;
  if (path.length === written.segments.length) {
    return written.segments.map((seg, i) => ({ start: seg.start, end: seg.end, newText: path[i] })).filter((e, i) => e.newText !== written.segments[i].name);
  }
  if (written.indexed) return undefined;
  return [{ start: written.span.start, end: written.span.end, newText: bracketForm(path) }];
}

// Quick fixes over the names a file writes inside values (field references found in options, patterns, templates and
// scripts) and over the names of its own structure (processors, options): the fixes every kind whose fields are
// NamedRefs offers alike. Each reads the diagnostic's `data` (suggestions, values, options) and answers with edits.
import type { NamedRef } from '../document/fieldRefs';
import type { DocumentFormat, ObjectNode, ValueNode } from '../document/model';
import { scalarText, writerFor } from '../document/syntaxes/writerFor';
import { isRecord, stringList } from './locate';
import { renameRef } from './renameRef';
import type { FwDiagnostic, QuickFix } from './types';

/** The reference a diagnostic points into: one of its segments holds the diagnostic's range. */
export function refUnder(refs: readonly NamedRef[], d: FwDiagnostic): NamedRef | undefined {
  return refs.find((r) => r.segments.some((s) => s.start <= d.start && d.end <= s.end) && r.segments[0].start <= d.start);
}

/** "Rename to 'x'" for each suggested path (`data.suggestions`), keeping the segments below it (`data.rest`). */
export function fieldRenameFixes(text: string, ref: NamedRef | undefined, d: FwDiagnostic): QuickFix[] {
  if (!ref || !isRecord(d.data)) return [];
  const rest = stringList(d.data.rest);
  const out: QuickFix[] = [];
  stringList(d.data.suggestions).forEach((s, i) => {
    const edits = renameRef(text, ref, [...s.split('.'), ...rest]);
    if (edits) out.push({ title: `Rename to '${s}'`, code: d.code, kind: 'quickfix', isPreferred: i === 0, edits, diagnostic: d });
  });
  return out;
}

/** "Change to 'x'" for each suggested name (`data.suggestions`): a processor, an option, a condition. */
export function nameChangeFixes(d: FwDiagnostic): QuickFix[] {
  if (!isRecord(d.data)) return [];
  return stringList(d.data.suggestions).map((s, i) => ({
    title: `Change to '${s}'`, code: d.code, kind: 'quickfix' as const, isPreferred: i === 0, edits: [{ start: d.start, end: d.end, newText: s }], diagnostic: d,
  }));
}

/** Renames every reference to `ecs.version` (the family's other meta field) to `schema.version`. */
export function metaFieldFixes(text: string, refs: readonly NamedRef[], d: FwDiagnostic): QuickFix[] {
  const out: QuickFix[] = [];
  for (const ref of refs.filter((r) => r.joinedPath === 'ecs.version')) {
    const edits = renameRef(text, ref, ['schema', 'version']);
    if (edits) out.push({ title: "Rename 'ecs.version' to 'schema.version'", code: d.code, kind: 'quickfix', isPreferred: true, edits, diagnostic: d });
  }
  return out;
}

/** "Replace with 'x'" for each value of `data.values`, written as the file writes that value (`node`: its quoting). */
export function valueReplaceFixes(d: FwDiagnostic, format: DocumentFormat, node: ValueNode | undefined): QuickFix[] {
  if (!isRecord(d.data)) return [];
  return stringList(d.data.values).map((v, i) => ({
    title: `Replace with '${v}'`, code: d.code, kind: 'quickfix' as const, isPreferred: i === 0, diagnostic: d,
    edits: [{ start: d.start, end: d.end, newText: scalarText(v, format, node) }],
  }));
}

/**
 * "Add the required option 'x'" for each of `data.options` into `object`; `isList` says which options take a list
 * (written `[]`, the others `''`).
 */
export function addOptionFixes(d: FwDiagnostic, text: string, format: DocumentFormat, object: ObjectNode | undefined, isList: (name: string) => boolean): QuickFix[] {
  if (!object || !isRecord(d.data)) return [];
  const writer = writerFor(format);
  return stringList(d.data.options).flatMap((name) => {
    const edit = writer.insertKey(text, object, [name], isList(name) ? [] : '');
    return edit ? [{ title: `Add the required option '${name}'`, code: d.code, kind: 'quickfix' as const, isPreferred: true, edits: [edit], diagnostic: d }] : [];
  });
}

// Quick fixes in a field definitions file: set the schema's type or level, replace an unknown type, and rename a name
// to the suggested one (the item's own part: a group's name is its own item's). Computed from the current text.
import { NamedRef } from '../../document/fieldRefs';
import { DefinitionItem, FieldDefinitionsDocument, scalarOf } from './fieldDefinitionsDocument';
import type { ScalarNode, Span } from '../../document/model';
import { isRecord, stringList } from '../../features/locate';
import { scalarText } from '../../document/syntaxes/writerFor';
import { renameRef } from '../../features/renameRef';
import type { FwDiagnostic, QuickFix } from '../../features/types';

const RENAMES: ReadonlySet<string> = new Set(['unknown-field', 'unknown-external-field']);

export function fieldDefinitionFixes(doc: FieldDefinitionsDocument, shown: readonly FwDiagnostic[], range: Span): QuickFix[] {
  const out: QuickFix[] = [];
  const fix = (d: FwDiagnostic, title: string, start: number, end: number, newText: string, isPreferred: boolean): void => {
    out.push({ title, code: d.code, kind: 'quickfix', isPreferred, edits: [{ start, end, newText }], diagnostic: d });
  };
  for (const d of shown) {
    if (d.start > range.end || d.end < range.start || !isRecord(d.data)) continue;
    const data = d.data;
    const value = valueAt(doc, d);
    if (value && (d.code === 'definition-type-mismatch' || d.code === 'definition-level-mismatch')) {
      const wanted = typeof data.type === 'string' ? data.type : typeof data.level === 'string' ? data.level : undefined;
      if (wanted !== undefined) fix(d, `Set the schema's ${d.code === 'definition-type-mismatch' ? 'type' : 'level'} '${wanted}'`, value.start, value.end, scalarText(wanted, doc.type.format, value), true);
      stringList(data.values).forEach((v, i) => fix(d, `Change to '${v}'`, value.start, value.end, scalarText(v, doc.type.format, value), i === 0));
      continue;
    }
    const alias = d.code === 'unknown-alias-path' ? aliasPathAt(doc, d) : undefined;
    if (alias) {
      stringList(data.suggestions).forEach((s, i) => fix(d, `Change to '${s}'`, alias.start, alias.end, scalarText(s, doc.type.format, alias), i === 0));
      continue;
    }
    if (value && d.code === 'unknown-definition-type') {
      stringList(data.suggestions).forEach((s, i) => fix(d, `Change to '${s}'`, value.start, value.end, scalarText(s, doc.type.format, value), i === 0));
      continue;
    }
    const item = itemOwning(doc, d);
    if (!item) continue;
    if (d.code === 'foreign-meta-field') {
      for (const edit of renameItem(doc, item, ['schema', 'version']) ?? []) out.push({ title: "Rename 'ecs.version' to 'schema.version'", code: d.code, kind: 'quickfix', isPreferred: true, edits: [edit], diagnostic: d });
      continue;
    }
    if (!RENAMES.has(d.code)) continue;
    const rest = stringList(data.rest);
    stringList(data.suggestions).forEach((s, i) => {
      const edits = renameItem(doc, item, [...s.split('.'), ...rest]);
      if (edits) out.push({ title: `Rename to '${s}'`, code: d.code, kind: 'quickfix', isPreferred: i === 0, edits, diagnostic: d });
    });
  }
  return out;
}

/** The `type` or `level` value a diagnostic underlines. */
function valueAt(doc: FieldDefinitionsDocument, d: FwDiagnostic): ScalarNode | undefined {
  for (const item of doc.items) for (const node of [item.type, item.level]) if (node && node.start === d.start && node.end === d.end) return node;
  return undefined;
}

/** The alias `path` value a diagnostic underlines. */
function aliasPathAt(doc: FieldDefinitionsDocument, d: FwDiagnostic): ScalarNode | undefined {
  for (const item of doc.items) {
    const path = scalarOf(item.node, 'path');
    if (path && path.start === d.start && path.end === d.end) return path;
  }
  return undefined;
}

/** The item whose own name holds the diagnostic. */
function itemOwning(doc: FieldDefinitionsDocument, d: FwDiagnostic): DefinitionItem | undefined {
  return doc.items.find((i) => i.ref && i.ref.segments[0].start <= d.start && d.end <= i.ref.segments[i.ref.segments.length - 1].end);
}

/** The edits giving an item the path `path`: its own part only, so the path must keep its groups' names. */
function renameItem(doc: FieldDefinitionsDocument, item: DefinitionItem, path: readonly string[]): ReturnType<typeof renameRef> {
  const ref = item.ref!;
  const first = ref.first;
  if (path.length <= first || ref.path.slice(0, first).some((name, i) => path[i] !== name)) return undefined;
  const own = new NamedRef(ref.path.slice(first), ref.segments, ref.role, ref.access, -1);
  return renameRef(doc.text, own, path.slice(first));
}

// Quick fixes in a mapping: set the schema's type, add a multi-field the schema defines, put the schema's whole mapping
// in place of a field's (offered on any field the schema defines whose mapping differs from it), rename a field to
// the suggested name and an unknown type to a known one; on a `properties` object, add the mappings of the fields the
// workspace uses (workspaceMappings.ts). Computed from the current text; edits by mappingWriter.ts.
import { fieldMapping } from '../../catalog/fieldMapping';
import type { MappedField, MappingDocument } from './mappingDocument';
import { mappedFields } from './mappingDocument';
import { isRecord, stringList } from '../../features/locate';
import type { FeatureEnv } from '../../features/env';
import type { FwDiagnostic, QuickFix } from '../../features/types';
import { addEntry, multiFieldMapping, replaceMapping, scalarEdit } from './mappingWriter';
import { workspaceMappingActions } from './workspaceMappings';

const RENAMES_FIELD = new Set(['unknown-field']);

export function mappingFixes(doc: MappingDocument, shown: readonly FwDiagnostic[], range: { start: number; end: number }, env: FeatureEnv): QuickFix[] {
  const out: QuickFix[] = [];
  const format = doc.type.format;
  for (const d of shown) {
    if (d.start > range.end || d.end < range.start || !isRecord(d.data)) continue;
    const data = d.data;
    const fix = (title: string, edits: QuickFix['edits'], isPreferred = true): QuickFix => ({ title, code: d.code, kind: 'quickfix', isPreferred, edits, diagnostic: d });
    switch (d.code) {
      case 'mapping-type-mismatch':
      case 'schema-version-not-keyword': {
        const field = fieldAt(doc, d.start);
        const type = data.type;
        if (field?.typeNode && typeof type === 'string' && type !== 'object') out.push(fix(`Map as ${type}, the schema's type`, [scalarEdit(type, format, field.typeNode)]));
        break;
      }
      case 'missing-multi-field': {
        const field = mappedFields(doc).find((f) => f.ref.pathSpan.start === d.start);
        const schema = field && env.catalog.lookup(field.ref.joinedPath);
        const name = typeof data.name === 'string' ? data.name : undefined;
        const mapping = schema && name && multiFieldMapping(schema, name);
        if (!field?.mapping || !name || !mapping) break;
        const edit = field.fieldsNode ? addEntry(doc.text, format, field.fieldsNode, name, mapping) : addEntry(doc.text, format, field.mapping, 'fields', { [name]: mapping });
        if (edit) out.push(fix(`Add the multi-field '${name}'`, [edit]));
        break;
      }
      case 'unknown-mapping-type':
      {
        const node = nodeAt(doc, d.start);
        if (node) stringList(data.suggestions).forEach((s, i) => out.push(fix(`Change to '${s}'`, [scalarEdit(s, format, node)], i === 0)));
        break;
      }
      case 'foreign-meta-field':
        out.push(...foreignMetaRename(doc, d));
        break;
      default:
        if (RENAMES_FIELD.has(d.code)) out.push(...renames(doc, d, data));
    }
  }
  out.push(...schemaMappingActions(doc, range, env), ...workspaceMappingActions(doc, range, env));
  return out;
}

/** The field whose type (or, for an implied type, whose name) starts at an offset. */
function fieldAt(doc: MappingDocument, offset: number): MappedField | undefined {
  return mappedFields(doc).find((f) => (f.typeNode ?? f.ref.pathSpan).start === offset);
}

function nodeAt(doc: MappingDocument, offset: number) {
  return mappedFields(doc).find((f) => f.typeNode?.start === offset)?.typeNode;
}

/** Renames a declared name to a suggested path when the suggestion keeps the enclosing levels (`source.ipp` to `source.ip`). */
function renames(doc: MappingDocument, d: FwDiagnostic, data: Record<string, unknown>): QuickFix[] {
  const ref = doc.refs.find((r) => r.segments.some((s) => s.start <= d.start && d.end <= s.end));
  if (!ref) return [];
  const rest = stringList(data.rest);
  const out: QuickFix[] = [];
  stringList(data.suggestions).forEach((s, i) => {
    const path = [...s.split('.'), ...rest];
    if (path.length <= ref.first || path.slice(0, ref.first).join('.') !== ref.path.slice(0, ref.first).join('.')) return;
    const own = ref.pathSpan;
    out.push({ title: `Rename to '${s}'`, code: d.code, kind: 'quickfix', isPreferred: i === 0, diagnostic: d, edits: [{ start: own.start, end: own.end, newText: path.slice(ref.first).join('.') }] });
  });
  return out;
}

/** `ecs.version` mapped where `schema.version` belongs: the key naming `ecs` renamed, when `version` is all it holds. */
function foreignMetaRename(doc: MappingDocument, d: FwDiagnostic): QuickFix[] {
  const out: QuickFix[] = [];
  // With schema.version mapped too, the rename would map it twice: removing ecs.version is the user's call.
  if (doc.refs.some((r) => r.joinedPath === 'schema.version' || r.joinedPath === 'schema')) return out;
  for (const ref of doc.refs) {
    if (ref.joinedPath !== 'ecs.version') continue;
    const key = ref.first === 1 && ref.parent ? ref.parent : ref;
    const siblings = doc.refs.filter((r) => r.parent === key);
    if (key !== ref && siblings.length !== 1) continue;
    const newName = key === ref ? 'schema.version' : 'schema';
    out.push({ title: "Rename 'ecs.version' to 'schema.version'", code: d.code, kind: 'quickfix', isPreferred: true, diagnostic: d, edits: [{ start: key.pathSpan.start, end: key.pathSpan.end, newText: newName }] });
  }
  return out;
}

/** "Use the schema's mapping" on a field name the schema defines whose mapping is not the schema's (or is still empty). */
function schemaMappingActions(doc: MappingDocument, range: { start: number; end: number }, env: FeatureEnv): QuickFix[] {
  const out: QuickFix[] = [];
  for (const field of mappedFields(doc)) {
    const span = field.ref.pathSpan;
    if (span.end < range.start || span.start > range.end || field.runtime) continue;
    const schema = env.catalog.lookup(field.ref.joinedPath);
    if (!schema || schema.type === 'object') continue;
    const mapping = fieldMapping(schema);
    if (field.mapping && sameMapping(field, mapping)) continue;
    const edit = replaceMapping(doc.text, doc.type.format, field.ref.property, mapping);
    if (edit) out.push({ title: `Use the schema's mapping for '${schema.path}'`, code: 'schema-mapping', kind: 'quickfix', edits: [edit] });
  }
  return out;
}

/** Whether a field's mapping already says what the schema's does (its type and parameters; extra parameters are the user's). */
function sameMapping(field: MappedField, mapping: Record<string, unknown>): boolean {
  const written = field.mapping;
  if (!written) return false;
  for (const [key, value] of Object.entries(mapping)) {
    const node = written.properties.find((p) => p.key === key)?.value;
    if (!node) return false;
    if (typeof value !== 'object' && node.kind !== 'object' && node.kind !== 'array' && node.kind !== 'invalid' && node.value !== value) return false;
  }
  return true;
}

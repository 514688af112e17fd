// A mapping's outline and its rename: the `properties` tree as the file nests it, its runtime fields and dynamic
// templates (one entry per body of console text); a renamed field re-nested where its parents change (taken out of
// its `properties` object and written into the `properties` of the deepest field it now goes below).
import type { FieldRef } from '../../document/fieldRefs';
import type { ObjectNode } from '../../document/model';
import { valueOf } from '../../document/objectValue';
import { movedValue, removeProperty } from '../../document/syntaxes/propertyEdits';
import type { PlainValue } from '../../document/syntaxes/writer';
import { verbatim } from '../../document/syntaxes/writer';
import { writerFor } from '../../document/syntaxes/writerFor';
import { symbolOf } from '../../features/outline';
import type { OutlineSymbol, RenameAnswer, TextEdit } from '../../features/types';
import { isAtOrBelow, renameRefs } from '../../features/workspaceRefs';
import type { MappedField, MappingBody, MappingDocument } from './mappingDocument';

export function mappingSymbols(doc: MappingDocument): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const body of doc.bodies) {
    const symbols = bodySymbols(body);
    if (doc.bodies.length === 1) out.push(...symbols);
    else out.push({ name: body.name ?? body.shape, kind: 'module', start: body.span.start, end: body.span.end, selection: { start: body.span.start, end: body.span.start }, children: symbols });
  }
  return out;
}

function bodySymbols(body: MappingBody): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  const byRef = new Map<FieldRef, OutlineSymbol>();
  const runtime: OutlineSymbol[] = [];
  for (const field of body.fields) {
    const ref = field.ref;
    const symbol = symbolOf(ref.property, ref.property.key, field.hasProperties ? 'namespace' : 'field', [], 0, field.type);
    byRef.set(ref, symbol);
    const parent = ref.parent && byRef.get(ref.parent);
    if (parent) parent.children.push(symbol);
    else if (field.runtime) runtime.push(symbol);
    else out.push(symbol);
  }
  for (const mapping of body.mappings) {
    const key = mapping.properties.find((p) => p.key === 'runtime');
    if (key && runtime.length > 0) out.push(symbolOf(key, 'runtime', 'object', runtime.filter((s) => s.start >= (key.value?.start ?? 0) && s.end <= (key.value?.end ?? 0))));
    const templates = mapping.properties.find((p) => p.key === 'dynamic_templates');
    const own = body.dynamicTemplates.filter((t) => templates?.value && t.key.keySpan.start >= templates.value.start && t.key.keySpan.end <= templates.value.end);
    if (templates && own.length > 0) out.push(symbolOf(templates, 'dynamic_templates', 'array', own.map((t) => symbolOf(t.key, t.name, 'struct', [], 0, t.type))));
  }
  return out;
}

/** Renames every declaration and copy_to/alias target of `from` in the document. */
export function renameMapping(doc: MappingDocument, from: readonly string[], to: readonly string[]): RenameAnswer {
  const edits: TextEdit[] = [];
  for (const body of doc.bodies) {
    const refs = [...body.fields.map((f) => f.ref), ...body.targets.map((t) => t.ref)];
    const answer = renameRefs(doc.text, doc.type.format, refs, from, to, (ref, path) => renest(doc, body, ref, path, from));
    if ('refused' in answer) return answer;
    edits.push(...answer.edits);
  }
  return { edits };
}

/**
 * A declaration whose parents change: taken out of its `properties` object and written, with its mapping as it is,
 * into the `properties` of the deepest field declared on its new path (outside what moves), else the mapping's own.
 */
function renest(doc: MappingDocument, body: MappingBody, ref: FieldRef, path: readonly string[], from: readonly string[]): TextEdit[] | string {
  const field = body.fields.find((f) => f.ref === ref);
  const property = ref.property;
  const holder = field && holderOf(body, field);
  const value = property.value;
  const format = doc.type.format;
  const removal = holder && value && removeProperty(doc.text, format, holder, property);
  if (!removal || !value) return `the declaration of ${ref.joinedPath} cannot be taken out of its properties object here`;
  let best: MappedField | undefined;
  for (const f of body.fields) {
    if (f.runtime || !f.mapping || isAtOrBelow(f.ref.path, from) || f.ref.depth >= path.length || !isAtOrBelow(path, f.ref.path)) continue;
    if (!best || f.ref.depth > best.ref.depth) best = f;
  }
  const rest = path.slice(best ? best.ref.depth : 0);
  const data = nested(rest.slice(1), verbatim(movedValue(doc.text, format, value)));
  const writer = writerFor(format);
  let insert: TextEdit | undefined;
  if (best?.mapping) {
    const properties = valueOf(best.mapping, 'properties');
    insert = properties?.kind === 'object'
      ? writer.insertKey(doc.text, properties, [rest[0]], data)
      : writer.insertKey(doc.text, best.mapping, ['properties'], { [rest[0]]: data });
  } else {
    const top = topProperties(body, field);
    insert = top && writer.insertKey(doc.text, top, [rest[0]], data);
  }
  if (!insert) return `${path.join('.')} has no properties object to go into here`;
  return [removal, insert];
}

/** `{properties: {b: {properties: {c: value}}}}` for the names after the first. */
function nested(names: readonly string[], value: PlainValue): PlainValue {
  let data = value;
  for (let i = names.length - 1; i >= 0; i--) data = { properties: { [names[i]]: data } };
  return data;
}

/** The `properties` object a field's key stands in. */
function holderOf(body: MappingBody, field: MappedField): ObjectNode | undefined {
  for (const site of body.sites) {
    if (site.role === 'properties' && site.node.kind === 'object' && site.node.properties.includes(field.ref.property)) return site.node;
  }
  return undefined;
}

/** The mapping's own `properties` object (the one at the root of the mapping that holds `field`). */
function topProperties(body: MappingBody, field: MappedField | undefined): ObjectNode | undefined {
  const at = field?.ref.property.keySpan.start ?? 0;
  for (const site of body.sites) {
    const node = site.node;
    if (site.role !== 'properties' || site.runtime || site.path.length > 0 || node.kind !== 'object') continue;
    if (node.start <= at && at <= node.end) return node;
  }
  return undefined;
}

// Completion in a mapping: field names at every `properties` level (below the path the nesting gives; a dotted name
// goes below its typed prefix), each inserting its whole mapping as the schema defines it (an object: every field
// below it; a runtime field: its runtime type); parameter names for the field's type; `type` values, the schema's first; keys of a mapping and of a
// dynamic template.
import type { MappingParameter } from '../../catalog/mappingParameters';
import { loadMappingParameters } from '../../catalog/mappingParameters';
import { loadTypeCompatibility } from '../../catalog/typeCompatibility';
import type { KeySite, MappingDocument } from './mappingDocument';
import { keyPosition, MappingPosition } from './mappingPosition';
import type { DocumentFormat } from '../../document/model';
import { valueOf } from '../../document/objectValue';
import type { FeatureEnv } from '../../features/env';
import { candidates } from '../../features/keyCompletion';
import type { CompletionEntry } from '../../features/types';
import { fieldEntryEdit, nameEdit, runtimeMapping, schemaMapping, typeValueText } from './mappingWriter';

// Completion items carry a `docPath` whose documentation is built when shown: a field's path, or one of these.
const PARAMETER_DOC = 'mapping-parameter:';
const KEY_DOC = 'mapping-key:';
const TEMPLATE_DOC = 'dynamic-template-key:';
const TYPE_DOC = 'mapping-type:';

/** The documentation of a mapping item's `docPath`; undefined when the path is a field's (or names nothing of a mapping). */
export function mappingCompletionDocs(docPath: string): string | undefined {
  const parameters = loadMappingParameters();
  if (docPath.startsWith(PARAMETER_DOC)) return parameters.fieldParameter(docPath.slice(PARAMETER_DOC.length))?.description;
  if (docPath.startsWith(KEY_DOC)) return parameters.topLevelKey(docPath.slice(KEY_DOC.length))?.description;
  if (docPath.startsWith(TEMPLATE_DOC)) return parameters.dynamicTemplateKey(docPath.slice(TEMPLATE_DOC.length))?.description;
  if (docPath.startsWith(TYPE_DOC)) {
    const type = loadTypeCompatibility().esType(docPath.slice(TYPE_DOC.length));
    return type && `**${type.name}** · ${type.category}\n\nStores ${type.stores}.`;
  }
  return undefined;
}

export function completeMapping(doc: MappingDocument, offset: number, env: FeatureEnv): CompletionEntry[] {
  // A name being typed is a declared reference already: completion asks where keys go, not what names are there.
  const pos = keyPosition(doc, offset);
  if (pos.kind === 'typeValue') return typeValues(pos, doc.type.format, env);
  if (pos.kind !== 'key') return [];
  switch (pos.site.role) {
    case 'properties':
      return fieldNames(doc, pos, env);
    case 'field':
      return parameterNames(doc, pos);
    case 'mapping':
      return keyNames(doc, pos, loadMappingParameters().topLevel, KEY_DOC);
    case 'dynamicTemplate':
      return keyNames(doc, pos, loadMappingParameters().dynamicTemplate, TEMPLATE_DOC);
  }
}

type KeyPosition = Extract<MappingPosition, { kind: 'key' }>;

/** Names the object already holds (besides the one being typed): not offered again. */
function present(pos: KeyPosition): Set<string> {
  const node = pos.site.node;
  return new Set(node.kind === 'object' ? node.properties.filter((p) => p !== pos.key).map((p) => p.key) : []);
}

/** Field names below the site's path and the dotted prefix typed so far, each with its whole mapping. */
function fieldNames(doc: MappingDocument, pos: KeyPosition, env: FeatureEnv): CompletionEntry[] {
  const typed = pos.typed.split('.');
  const prefix = typed.slice(0, -1);
  if (prefix.some((s) => s === '')) return [];
  const parent = [...pos.site.path, ...prefix];
  const written = prefix.length > 0 ? `${prefix.join('.')}.` : '';
  const taken = present(pos);
  const format = doc.type.format;
  // Where dotted names stay flat (`subobjects: false`, runtime fields), each leaf below is offered by its dotted name too.
  const runtime = pos.site.runtime === true;
  const offered = candidates(env.catalog, parent, !pos.site.flat).filter((c) => !taken.has(written + c.label) && (!runtime || (c.target.field && runtimeMapping(c.target.field))));
  return offered.map((c) => {
    const path = [...parent, ...c.rel];
    const mapping = runtime && c.target.field ? runtimeMapping(c.target.field) : schemaMapping(env.catalog, path);
    const edit = fieldEntryEdit(doc.text, format, pos.replace, written + c.label, mapping, pos.key);
    return {
      label: written + c.label,
      kind: c.target.kind === 'object' ? 'object' : 'field',
      level: c.level,
      detail: c.detail,
      docPath: c.path,
      insertText: edit.newText,
      replace: { start: edit.start, end: edit.end },
      filterText: written + c.label,
      sortText: c.sortText,
      deprecated: c.deprecated !== undefined,
    };
  });
}

/** The type a field site holds: its `type` as written. */
function siteType(site: KeySite): string | undefined {
  const type = site.node.kind === 'object' ? valueOf(site.node, 'type') : undefined;
  return type?.kind === 'string' ? String(type.value) : undefined;
}

/** Parameters of the field's type (every parameter while no type is written, `type` first). */
function parameterNames(doc: MappingDocument, pos: KeyPosition): CompletionEntry[] {
  const parameters = loadMappingParameters();
  const type = siteType(pos.site);
  const list = type && loadTypeCompatibility().esType(type) ? parameters.forType(type) : parameters.field;
  const taken = present(pos);
  return list.filter((p) => !taken.has(p.name)).map((p, i) => keyEntry(doc, pos, p, PARAMETER_DOC, type ? `${type} parameter` : 'mapping parameter', `${p.name === 'type' ? 0 : 1}${String(i).padStart(3, '0')}`));
}

function keyNames(doc: MappingDocument, pos: KeyPosition, list: readonly MappingParameter[], docPrefix: string): CompletionEntry[] {
  const taken = present(pos);
  const detail = docPrefix === KEY_DOC ? 'mapping key' : 'dynamic template key';
  return list.filter((p) => !taken.has(p.name)).map((p, i) => keyEntry(doc, pos, p, docPrefix, detail, String(i).padStart(3, '0')));
}

function keyEntry(doc: MappingDocument, pos: KeyPosition, p: MappingParameter, docPrefix: string, detail: string, sortText: string): CompletionEntry {
  const edit = nameEdit(doc.text, doc.type.format, pos.replace, p.name, pos.key);
  return { label: p.name, kind: 'value', detail, docPath: `${docPrefix}${p.name}`, insertText: edit.newText, replace: { start: edit.start, end: edit.end }, filterText: p.name, sortText };
}

/** Elasticsearch field types, the schema's type for the field first. */
function typeValues(pos: Extract<MappingPosition, { kind: 'typeValue' }>, format: DocumentFormat, env: FeatureEnv): CompletionEntry[] {
  const path = pos.site.path;
  const resolution = path.length > 0 ? env.catalog.resolve(path) : undefined;
  const schemaType = resolution?.kind === 'field' ? resolution.field.type : resolution?.kind === 'object' ? 'object' : undefined;
  return loadTypeCompatibility().esTypes.map((t, i) => ({
    label: t.name,
    kind: 'value' as const,
    detail: t.name === schemaType ? `${t.category} · the schema's type` : t.category,
    docPath: `${TYPE_DOC}${t.name}`,
    insertText: typeValueText(t.name, format, pos.quoted),
    replace: pos.replace,
    filterText: t.name,
    sortText: `${t.name === schemaType ? 0 : 1}${String(i).padStart(3, '0')}`,
  }));
}

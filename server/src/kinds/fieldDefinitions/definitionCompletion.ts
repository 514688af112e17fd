// Completion in a field definitions file: field names (inside a group, relative to it; dotted below what is typed),
// `type` values with the schema's type first, `level` values with the schema's first, and `ecs` for `external`.
import { loadDefinitionTypes } from '../../catalog/definitionTypes';
import { loadTypeCompatibility } from '../../catalog/typeCompatibility';
import { definitionPositionAt, DefinitionPosition } from './definitionPosition';
import type { DefinitionItem, FieldDefinitionsDocument } from './fieldDefinitionsDocument';
import type { ScalarNode, Span } from '../../document/model';
import { scalarText } from '../../document/syntaxes/writerFor';
import type { FeatureEnv } from '../../features/env';
import { candidates } from '../../features/keyCompletion';
import type { CompletionEntry } from '../../features/types';
import { LEVELS, schemaTypeOf } from './definitionRules';

// A type item's `docPath`: its documentation is built when shown (definitionCompletionDocs).
const TYPE_DOC = 'definitionType:';

/** The documentation of a `type` value's `docPath`; undefined when the path names no type. */
export function definitionCompletionDocs(docPath: string): string | undefined {
  return docPath.startsWith(TYPE_DOC) ? typeDocs(docPath.slice(TYPE_DOC.length)) : undefined;
}

/** What a `type` value stores (an Elasticsearch type) or means (a file-only one); undefined for an unknown type. */
export function typeDocs(name: string): string | undefined {
  const es = loadTypeCompatibility().esType(name);
  if (es) return `**${name}** · Elasticsearch field type\n\nStores ${es.stores}.`;
  const own = loadDefinitionTypes().own.find((t) => t.name === name);
  return own && `**${name}** · field definition type\n\n${own.description}`;
}

export function completeFieldDefinitions(doc: FieldDefinitionsDocument, offset: number, env: FeatureEnv): CompletionEntry[] {
  const pos = definitionPositionAt(doc, offset);
  switch (pos.kind) {
    case 'ref': {
      const ref = pos.ref;
      const replace = { start: ref.segments[0].start, end: ref.segments[ref.segments.length - 1].end };
      return fieldNames(pos.item, doc.text.slice(replace.start, offset), replace, writer(doc, pos.item.name), env);
    }
    case 'value':
      return values(doc, pos, env);
    default:
      return [];
  }
}

function values(doc: FieldDefinitionsDocument, pos: Extract<DefinitionPosition, { kind: 'value' }>, env: FeatureEnv): CompletionEntry[] {
  const schema = pos.item.ref ? env.catalog.resolve(pos.item.ref.path) : undefined;
  const write = writer(doc, pos.node);
  const value = (label: string, detail: string, first: boolean, docPath: string): CompletionEntry => ({
    label, kind: 'value', detail, docPath, insertText: write(label), filterText: label, replace: pos.replace, sortText: `${first ? 0 : 1}${label}`,
  });
  switch (pos.key) {
    case 'name':
      return fieldNames(pos.item, pos.typed, pos.replace, write, env);
    case 'type': {
      const schemaType = schema && schemaTypeOf(schema);
      const own = schemaType === 'object' ? 'group' : schemaType;
      return loadDefinitionTypes().names.map((t) => value(t, t === own ? "the schema's type" : 'field type', t === own, `${TYPE_DOC}${t}`));
    }
    case 'level': {
      const level = schema?.kind === 'field' ? schema.field.level : undefined;
      return LEVELS.map((l) => value(l, l === level ? "the schema's level" : 'level', l === level, pos.item.ref?.joinedPath ?? ''));
    }
    case 'external':
      return [value('ecs', 'the schema family\'s definition of this name', true, pos.item.ref?.joinedPath ?? '')];
  }
}

/**
 * How a value is written over what is typed: inside a quoted string as it is (the replaced range is within the
 * quotes), else as the syntax's scalar (`"@timestamp"` in YAML, any string in JSON).
 */
function writer(doc: FieldDefinitionsDocument, node: ScalarNode | undefined): (value: string) => string {
  const quoted = node?.kind === 'string' && (node.style === 'single' || node.style === 'double');
  return quoted ? (value) => value : (value) => scalarText(value, doc.type.format);
}

/** Names below the item's group and the segments typed so far, relative to the group, as whole names replacing what is typed. */
function fieldNames(item: DefinitionItem, typed: string, replace: Span, write: (value: string) => string, env: FeatureEnv): CompletionEntry[] {
  const group = item.parent?.ref?.path ?? [];
  const above = typed.split('.').slice(0, -1);
  if (above.some((s) => s === '')) return [];
  const prefix = above.length > 0 ? `${above.join('.')}.` : '';
  return candidates(env.catalog, [...group, ...above], false).map((c) => ({
    label: prefix + c.label,
    kind: c.target.kind === 'object' ? 'object' : 'field',
    level: c.level,
    detail: c.detail,
    docPath: c.path,
    insertText: write(prefix + c.label),
    filterText: prefix + c.label,
    replace,
    sortText: c.sortText,
    deprecated: c.deprecated !== undefined,
  }));
}

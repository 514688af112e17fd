// Every text a mapping feature inserts, in one place: a field's mapping as the schema defines it (the same builder
// as `fieldwise fields --format index-template`), written at the indentation of its key by the syntax's writer
// (document/syntax/writerFor.ts), JSON commas by insertText.ts.
import { buildFieldMappings, fieldMapping, Mapping } from '../../catalog/fieldMapping';
import type { Catalog, FieldDefinition } from '../../catalog/types';
import type { DocumentFormat, ObjectNode, PropertyNode, ValueNode } from '../../document/model';
import { lineIndent } from '../../document/syntaxes/textLayout';
import type { PlainValue } from '../../document/syntaxes/writer';
import { scalarText, writerFor } from '../../document/syntaxes/writerFor';
import { fieldsBelow } from '../../features/catalogIndex';
import { jsonCommaAfter } from '../../features/insertText';
import type { TextEdit } from '../../features/types';

/** The schema's mapping for a path: a field's own (with the fields below it), or an object's `properties` of every field below. */
export function schemaMapping(catalog: Catalog, path: readonly string[]): Mapping | undefined {
  const own = catalog.lookup(path.join('.'));
  const below = fieldsBelow(catalog, path);
  if (below.length === 0) return own && fieldMapping(own);
  let level: Mapping | undefined = { properties: buildFieldMappings(own ? [own, ...below] : below).properties };
  for (const name of path) level = (level?.properties as Record<string, Mapping> | undefined)?.[name];
  return level;
}

/** The runtime types, and what each schema type is computed as (a runtime field has no float, no text). */
const RUNTIME_TYPES: Readonly<Record<string, string>> = {
  boolean: 'boolean', date: 'date', ip: 'ip', geo_point: 'geo_point', keyword: 'keyword', text: 'keyword',
  long: 'long', integer: 'long', float: 'double', half_float: 'double', scaled_float: 'double',
};

/** A runtime field's mapping for a schema field (its type only: a runtime field takes no index parameters). */
export function runtimeMapping(field: FieldDefinition): Mapping | undefined {
  const type = RUNTIME_TYPES[field.type];
  return type ? { type } : undefined;
}

/** The mapping of one multi-field, as the schema's template writes it. */
export function multiFieldMapping(field: FieldDefinition, name: string): Mapping | undefined {
  const fields = fieldMapping(field).fields as Record<string, Mapping> | undefined;
  return fields?.[name];
}

/** A mapping as the text after `key:` (a YAML block starts with a line break), its lines indented from `indent`. */
function valueText(mapping: Mapping, format: DocumentFormat, text: string, indent: string): string {
  const writer = writerFor(format);
  return writer.value(mapping as PlainValue, { indent, unit: writer.indentUnit(text), multiline: true });
}

/** The text after a key's colon: a space before an inline value, none before a YAML block. */
function afterColon(value: string): string {
  return /^\r?\n/.test(value) ? value : ` ${value}`;
}

/**
 * The completion text of a field name typed at `replace` (a key of a `properties` object): the name, and its whole
 * mapping unless the key already has a value. JSON: `"name": {...}` (the typed quotes replaced, a comma added when a
 * member follows); YAML: `name:` with the mapping indented below.
 */
export function fieldEntryEdit(text: string, format: DocumentFormat, replace: { start: number; end: number }, name: string, mapping: Mapping | undefined, key: PropertyNode | undefined): TextEdit {
  if (key?.colon !== undefined || !mapping) return nameEdit(text, format, replace, name, key);
  const writer = writerFor(format);
  const entry = `${writer.key(name)}:${afterColon(valueText(mapping, format, text, lineIndent(text, replace.start)))}`;
  if (format === 'yaml') return { start: replace.start, end: replace.end, newText: entry };
  const { start, end } = quotedSpan(text, replace);
  return { start, end, newText: `${entry}${jsonCommaAfter(text, end)}` };
}

/** A key's name alone (a parameter, a key being renamed): the name, and `: ` where the key has no colon yet. */
export function nameEdit(text: string, format: DocumentFormat, replace: { start: number; end: number }, name: string, key: PropertyNode | undefined): TextEdit {
  const writer = writerFor(format);
  if (key?.colon !== undefined) {
    const quote = text.charAt(key.keyTokenSpan.start);
    return { start: replace.start, end: replace.end, newText: quote === '"' || quote === "'" ? writer.inQuotes(name, quote) : writer.key(name) };
  }
  if (format === 'yaml') return { start: replace.start, end: replace.end, newText: `${writer.key(name)}: ` };
  const { start, end } = quotedSpan(text, replace);
  return { start, end, newText: `${writer.key(name)}: ` };
}

/** A value typed at `replace` (a `type`): between the quotes typed, or as the syntax writes it. */
export function typeValueText(name: string, format: DocumentFormat, quoted: boolean): string {
  return quoted ? writerFor(format).inQuotes(name, '"') : writerFor(format).scalar(name);
}

/** The span with the quotes typed around it (JSON), so the entry is written whole. */
function quotedSpan(text: string, replace: { start: number; end: number }): { start: number; end: number } {
  const open = text.charAt(replace.start - 1) === '"';
  const close = open && text.charAt(replace.end) === '"';
  return { start: replace.start - (open ? 1 : 0), end: replace.end + (close ? 1 : 0) };
}

/** Adds `name: mapping` to an object (a `fields` object, a field's mapping), in the file's style. */
export function addEntry(text: string, format: DocumentFormat, object: ObjectNode, name: string, mapping: Mapping): TextEdit | undefined {
  return writerFor(format).insertKey(text, object, [name], mapping as PlainValue);
}

/** A scalar replacing a value, in the file's quoting. */
export function scalarEdit(value: string, format: DocumentFormat, node: ValueNode): TextEdit {
  return { start: node.start, end: node.end, newText: scalarText(value, format, node) };
}

/** Replaces a field's whole mapping value with `mapping`, at the indentation of its key. */
export function replaceMapping(text: string, format: DocumentFormat, key: PropertyNode, mapping: Mapping): TextEdit | undefined {
  const value = key.value;
  const indent = lineIndent(text, key.keyTokenSpan.start);
  if (!value) {
    // A name typed with its colon and nothing after it yet.
    if (key.colon === undefined) return undefined;
    return { start: key.colon + 1, end: key.colon + 1, newText: afterColon(valueText(mapping, format, text, indent)) };
  }
  const flow = format !== 'yaml' || text.charAt(value.start) === '{';
  if (flow) {
    const writer = writerFor(format);
    return { start: value.start, end: value.end, newText: writer.value(mapping as PlainValue, { indent, unit: writer.indentUnit(text), multiline: format !== 'yaml' }) };
  }
  const colon = key.colon ?? key.keyTokenSpan.end;
  return { start: colon + 1, end: value.end, newText: afterColon(valueText(mapping, format, text, indent)) };
}

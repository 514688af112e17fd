// Every text a mapping feature inserts, in one place: a field's mapping as the schema defines it (the same builder
// as `fieldwise fields --format index-template`), written in the file's syntax at the indentation of its key, through
// the shared writers (edits.ts: keys, scalars, indentation, insertProperty; insertText.ts: JSON commas).
import { buildFieldMappings, fieldMapping, Mapping } from '../../catalog/fieldMapping';
import type { Catalog, FieldDefinition } from '../../catalog/types';
import type { DocumentFormat, ObjectNode, PropertyNode } from '../../document/model';
import { fieldsBelow } from '../catalogIndex';
import { indentUnit, insertProperty, keyText, lineIndent, scalarText } from '../edits';
import { jsonCommaAfter } from '../insertText';
import type { TextEdit } from '../types';

/** The schema's mapping for a path: a field's own (with the fields below it), or an object's `properties` of every field below. */
export function schemaMapping(catalog: Catalog, path: readonly string[]): Mapping | undefined {
  const own = catalog.lookup(path.join('.'));
  const below = fieldsBelow(catalog, path);
  if (below.length === 0) return own && fieldMapping(own);
  let level: Mapping | undefined = { properties: buildFieldMappings(own ? [own, ...below] : below).properties };
  for (const name of path) level = (level?.properties as Record<string, Mapping> | undefined)?.[name];
  return level;
}

/** The mapping of one multi-field, as the schema's template writes it. */
export function multiFieldMapping(field: FieldDefinition, name: string): Mapping | undefined {
  const fields = fieldMapping(field).fields as Record<string, Mapping> | undefined;
  return fields?.[name];
}

/** A value written in the syntax, its nested lines indented from `indent` by the file's unit. */
export function valueText(value: unknown, format: DocumentFormat, indent: string, unit: string): string {
  if (value === null || typeof value !== 'object') return scalarText(value as string | number | boolean | null, format);
  if (Array.isArray(value)) return `[${value.map((v) => valueText(v, format, indent, unit)).join(', ')}]`;
  const entries = Object.entries(value as Mapping);
  if (entries.length === 0) return '{}';
  const inner = indent + unit;
  if (format === 'yaml') return entries.map(([k, v]) => `\n${inner}${keyText(k, format)}:${yamlAfterColon(v, format, inner, unit)}`).join('');
  return `{\n${entries.map(([k, v]) => `${inner}${keyText(k, format)}: ${valueText(v, format, inner, unit)}`).join(',\n')}\n${indent}}`;
}

function yamlAfterColon(value: unknown, format: DocumentFormat, indent: string, unit: string): string {
  const text = valueText(value, format, indent, unit);
  return text.startsWith('\n') ? text : ` ${text}`;
}

/**
 * The completion text of a field name typed at `replace` (a key of a `properties` object): the name, and its whole
 * mapping unless the key already has a value. JSON: `"name": {...}` (the typed quotes replaced, a comma added when a
 * member follows); YAML: `name:` with the mapping indented below.
 */
export function fieldEntryEdit(text: string, format: DocumentFormat, replace: { start: number; end: number }, name: string, mapping: Mapping | undefined, key: PropertyNode | undefined): TextEdit {
  const unit = indentUnit(text);
  if (key?.colon !== undefined || !mapping) return nameEdit(text, format, replace, name, key);
  const indent = lineIndent(text, replace.start);
  if (format === 'yaml') return { start: replace.start, end: replace.end, newText: `${keyText(name, format)}:${yamlAfterColon(mapping, format, indent, unit)}` };
  const { start, end } = quotedSpan(text, replace);
  return { start, end, newText: `${keyText(name, format)}: ${valueText(mapping, format, indent, unit)}${jsonCommaAfter(text, end)}` };
}

/** A key's name alone (a parameter, a key being renamed): the name, and `: ` where the key has no colon yet. */
export function nameEdit(text: string, format: DocumentFormat, replace: { start: number; end: number }, name: string, key: PropertyNode | undefined): TextEdit {
  if (key?.colon !== undefined) {
    const quoted = text.charAt(key.keyTokenSpan.start) === '"' || text.charAt(key.keyTokenSpan.start) === "'";
    return { start: replace.start, end: replace.end, newText: quoted ? JSON.stringify(name).slice(1, -1) : keyText(name, format) };
  }
  if (format === 'yaml') return { start: replace.start, end: replace.end, newText: `${keyText(name, format)}: ` };
  const { start, end } = quotedSpan(text, replace);
  return { start, end, newText: `${keyText(name, format)}: ` };
}

/** A value typed at `replace` (a `type`): quoted in JSON unless the quotes are there. */
export function typeValueText(name: string, format: DocumentFormat, quoted: boolean): string {
  return quoted ? name : scalarText(name, format);
}

/** The span with the quotes typed around it (JSON), so the entry is written whole. */
function quotedSpan(text: string, replace: { start: number; end: number }): { start: number; end: number } {
  const open = text.charAt(replace.start - 1) === '"';
  const close = open && text.charAt(replace.end) === '"';
  return { start: replace.start - (open ? 1 : 0), end: replace.end + (close ? 1 : 0) };
}

/** Adds `name: mapping` to an object (a `fields` object, a field's mapping), in the file's style. */
export function addEntry(text: string, format: DocumentFormat, object: ObjectNode, name: string, mapping: Mapping): TextEdit | undefined {
  const unit = indentUnit(text);
  return insertProperty(text, format, object, [name], (keyIndent) => valueText(mapping, format, keyIndent, unit));
}

/** Replaces a field's whole mapping value with `mapping`, at the indentation of its key. */
export function replaceMapping(text: string, format: DocumentFormat, key: PropertyNode, mapping: Mapping): TextEdit | undefined {
  const value = key.value;
  const indent = lineIndent(text, key.keyTokenSpan.start);
  const unit = indentUnit(text);
  if (!value) {
    // A name typed with its colon and nothing after it yet.
    if (key.colon === undefined) return undefined;
    return { start: key.colon + 1, end: key.colon + 1, newText: format === 'yaml' ? yamlAfterColon(mapping, format, indent, unit) : ` ${valueText(mapping, format, indent, unit)}` };
  }
  const flow = format !== 'yaml' || text.charAt(value.start) === '{';
  if (flow) return { start: value.start, end: value.end, newText: format === 'yaml' ? JSON.stringify(mapping) : valueText(mapping, format, indent, unit) };
  const colon = key.colon ?? key.keyTokenSpan.end;
  return { start: colon + 1, end: value.end, newText: yamlAfterColon(mapping, format, indent, unit) };
}

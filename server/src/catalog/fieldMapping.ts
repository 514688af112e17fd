// The mapping Elasticsearch should give each schema field, as the spec's datatype conventions say (keyword +
// `.text`, message as text, event.original not indexed, scaled_float factors): one builder for the templates
// `fieldwise fields` prints and for what mapping completion and fixes insert.
import type { FieldDefinition, MultiField } from './types';

/** What `ignore_above` the schema's keyword fields get. */
export const IGNORE_ABOVE = 1024;

export type Mapping = { [key: string]: unknown };

export function fieldMapping(field: FieldDefinition): Mapping {
  if (field.index === false) return unindexedMapping(field);
  switch (field.type) {
    case 'keyword':
      return withMultiFields({ type: 'keyword', ignore_above: IGNORE_ABOVE }, field.multiFields);
    case 'scaled_float':
      return { type: 'scaled_float', scaling_factor: field.scalingFactor };
    case 'object':
      return { type: 'object' };
    default:
      return withMultiFields({ type: field.type }, field.multiFields);
  }
}

/** Kept in _source only: no index, no doc values (text has no doc values to turn off; objects are not parsed). */
function unindexedMapping(field: FieldDefinition): Mapping {
  switch (field.type) {
    case 'object':
      return { type: 'object', enabled: false };
    case 'text':
      return { type: 'text', index: false };
    case 'scaled_float':
      return { type: 'scaled_float', scaling_factor: field.scalingFactor, index: false, doc_values: false };
    default:
      return { type: field.type, index: false, doc_values: false };
  }
}

function withMultiFields(mapping: Mapping, multiFields: readonly MultiField[] | undefined): Mapping {
  if (!multiFields || multiFields.length === 0) return mapping;
  const fields: Record<string, Mapping> = {};
  for (const multi of multiFields) {
    fields[multi.name] = multi.type === 'keyword' ? { type: 'keyword', ignore_above: IGNORE_ABOVE } : { type: multi.type };
  }
  return { ...mapping, fields };
}

/** The mappings of some fields: `properties` with their nesting, dynamic templates, and how many fields they map. */
export interface FieldMappings {
  properties: Record<string, Mapping>;
  dynamicTemplates: Array<Record<string, Mapping>>;
  /** Fields, multi-fields and intermediate objects: what counts toward Elasticsearch's field limit. */
  mapped: number;
}

export function buildFieldMappings(fields: readonly FieldDefinition[]): FieldMappings {
  const properties: Record<string, Mapping> = {};
  const dynamicTemplates: Array<Record<string, Mapping>> = [];
  let mapped = 0;
  for (const field of fields) {
    const segments = field.path.split('.');
    let level = properties;
    for (const segment of segments.slice(0, -1)) {
      level[segment] ??= { properties: {} };
      const parent = level[segment];
      parent.properties ??= {};
      level = parent.properties as Record<string, Mapping>;
    }
    const last = segments[segments.length - 1];
    const existing = level[last];
    level[last] = { ...fieldMapping(field), ...(existing?.properties ? { properties: existing.properties } : {}) };
    mapped += 1 + (field.multiFields?.length ?? 0);
    // The spec stores every value of a flat object (labels, headers) as keyword.
    if (field.type === 'object' && field.flat && field.index !== false) {
      dynamicTemplates.push({ [`${field.path}_as_keyword`]: { path_match: `${field.path}.*`, mapping: { type: 'keyword', ignore_above: IGNORE_ABOVE } } });
    }
  }
  mapped += countObjects(properties);
  return { properties, dynamicTemplates, mapped };
}

/** Intermediate objects count toward Elasticsearch's field limit too. */
function countObjects(properties: Record<string, Mapping>): number {
  let count = 0;
  for (const mapping of Object.values(properties)) {
    if (mapping.properties) count += (mapping.type === undefined ? 1 : 0) + countObjects(mapping.properties as Record<string, Mapping>);
  }
  return count;
}

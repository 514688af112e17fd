// `fieldwise fields --format json-schema`: a draft 2020-12 JSON Schema for nested event documents.
import { Catalog, FieldDefinition } from '../../catalog';

export type JsonSchema = { [key: string]: unknown };

/** Paths every event must hold (spec: event document rules 1 and 2). */
const REQUIRED_PATHS = ['@timestamp', 'schema.version'];

/** A value of a datatype, as JSON carries it. */
export function valueSchema(field: FieldDefinition): JsonSchema {
  const schema = datatypeSchema(field);
  if (field.allowed) schema.enum = [...field.allowed];
  if (field.pattern !== undefined) schema.pattern = field.pattern;
  if (field.min !== undefined) schema.minimum = field.min;
  if (field.max !== undefined) schema.maximum = field.max;
  if (field.maxLength !== undefined) schema.maxLength = field.maxLength;
  return schema;
}

function datatypeSchema(field: FieldDefinition): JsonSchema {
  switch (field.type) {
    case 'keyword':
    case 'text':
      return { type: 'string' };
    case 'long':
    case 'integer':
      return { type: 'integer' };
    case 'float':
    case 'half_float':
    case 'scaled_float':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      // An ISO 8601 date-time string or epoch milliseconds; `format` applies to the string form only.
      return { type: ['string', 'integer'], format: 'date-time' };
    case 'ip':
      return { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] };
    case 'geo_point':
      return {
        type: 'object',
        properties: {
          lat: { type: 'number', minimum: -90, maximum: 90 },
          lon: { type: 'number', minimum: -180, maximum: 180 },
        },
        required: ['lat', 'lon'],
      };
    case 'object':
      return field.flat
        ? { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null', 'array'], items: { not: { type: 'object' } } } }
        : { type: 'object' };
  }
}

function fieldSchema(field: FieldDefinition): JsonSchema {
  const value = valueSchema(field);
  const schema: JsonSchema = field.array ? { type: 'array', items: value } : value;
  schema.description = describe(field);
  if (field.deprecated) schema.deprecated = true;
  return schema;
}

function describe(field: FieldDefinition): string {
  const notes = [`${field.type}, ${field.level}`];
  if (field.deprecated) notes.push(`deprecated: ${field.deprecated}`);
  if (field.beta) notes.push(`beta: ${field.beta}`);
  return `${field.description} (${notes.join('; ')})`;
}

function objectNode(): JsonSchema {
  return { type: 'object', properties: {}, additionalProperties: true };
}

export function buildEventSchema(catalog: Catalog): JsonSchema {
  const root: JsonSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `Event document, Common Event Field Schema ${catalog.version}`,
    description: 'One event (nested objects, not dotted keys) or an array of events. Fields outside the schema are allowed as custom fields.',
    type: ['object', 'array'],
    items: { $ref: '#' },
    properties: {},
    additionalProperties: true,
  };
  for (const field of catalog.fields()) {
    const segments = field.path.split('.');
    let node = root;
    segments.slice(0, -1).forEach((segment, index) => {
      const properties = node.properties as Record<string, JsonSchema>;
      let child = properties[segment];
      if (!child) {
        child = objectNode();
        const resolution = catalog.resolve(segments.slice(0, index + 1));
        if (resolution.kind === 'object' && resolution.fieldSet) child.description = resolution.fieldSet.description;
        properties[segment] = child;
      }
      // An object-typed field with defined children (log.syslog) gains their properties.
      child.properties ??= {};
      child.additionalProperties ??= true;
      node = child;
    });
    const properties = node.properties as Record<string, JsonSchema>;
    const last = segments[segments.length - 1];
    properties[last] = { ...fieldSchema(field), ...(properties[last]?.properties ? { properties: properties[last].properties } : {}) };
  }
  for (const path of REQUIRED_PATHS) markRequired(root, path.split('.'));
  return root;
}

function markRequired(root: JsonSchema, segments: readonly string[]): void {
  let node = root;
  for (const segment of segments) {
    const properties = node.properties as Record<string, JsonSchema> | undefined;
    if (!properties?.[segment]) return;
    const required = (node.required as string[] | undefined) ?? [];
    if (!required.includes(segment)) node.required = [...required, segment];
    node = properties[segment];
  }
}

export function renderJsonSchema(catalog: Catalog): string {
  return `${JSON.stringify(buildEventSchema(catalog), null, 2)}\n`;
}

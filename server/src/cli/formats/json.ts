// `fieldwise fields --format json`: one row per concrete field path; multi-fields stay properties of their field.
import { Catalog, Datatype, FieldDefinition, Level } from '../../catalog';

export interface FieldRow {
  name: string;
  type: Datatype;
  level: Level;
  array: boolean;
  description: string;
  allowed?: string[];
  recommended?: string[];
  pattern?: string;
  min?: number;
  max?: number;
  multi_fields?: Array<{ name: string; type: Datatype }>;
  deprecated?: string;
  beta?: string;
  index?: false;
}

export function fieldRow(field: FieldDefinition): FieldRow {
  const row: FieldRow = { name: field.path, type: field.type, level: field.level, array: field.array, description: field.description };
  if (field.allowed) row.allowed = [...field.allowed];
  if (field.recommended) row.recommended = [...field.recommended];
  if (field.pattern !== undefined) row.pattern = field.pattern;
  if (field.min !== undefined) row.min = field.min;
  if (field.max !== undefined) row.max = field.max;
  if (field.multiFields) row.multi_fields = field.multiFields.map((m) => ({ name: m.name, type: m.type }));
  if (field.deprecated) row.deprecated = field.deprecated;
  if (field.beta) row.beta = field.beta;
  if (field.index === false) row.index = false;
  return row;
}

export function renderJson(catalog: Catalog): string {
  return `${JSON.stringify(catalog.fields().map(fieldRow), null, 2)}\n`;
}

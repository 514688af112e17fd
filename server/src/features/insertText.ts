// What a completion inserts: JSON and YAML keys (nested or dotted) with a value placeholder matching the type, and values.
// Snippet syntax (`$1`) throughout; JSON insertions never contain a newline, so they suit NDJSON lines too.
import type { Datatype, FieldDefinition } from '../catalog/types';
import type { TextEdit } from './types';

/** What a key leads to: a defined field, or an intermediate object. */
export interface KeyTarget {
  kind: 'field' | 'object';
  field?: FieldDefinition;
}

const NUMERIC: ReadonlySet<Datatype> = new Set(['long', 'integer', 'float', 'half_float', 'scaled_float']);

type Shape = 'object' | 'array' | 'geo_point' | 'number' | 'boolean' | 'string';

function shapeOf(target: KeyTarget): Shape {
  const field = target.field;
  if (target.kind === 'object' || !field || field.type === 'object') return 'object';
  if (field.array) return 'array';
  if (field.type === 'geo_point') return 'geo_point';
  if (NUMERIC.has(field.type)) return 'number';
  if (field.type === 'boolean') return 'boolean';
  return 'string';
}

/** Escapes text that must appear literally in a snippet. */
export function snippetEscape(text: string): string {
  return text.replace(/[\\$}]/g, '\\$&');
}

/** A JSON string's content, escaped (without the quotes). */
export function jsonStringBody(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

// ---------------------------------------------------------------- JSON

/** The JSON value placeholder for a key's target: "" for strings, 0 for numbers, [] for arrays, {} for objects. */
export function jsonValuePlaceholder(target: KeyTarget): string {
  switch (shapeOf(target)) {
    case 'object': return '{$1}';
    case 'array': return '[$1]';
    case 'geo_point': return '{"lat": ${1:0}, "lon": ${2:0}}';
    case 'number': return '${1:0}';
    case 'boolean': return '${1:true}';
    case 'string': return '"$1"';
  }
}

/**
 * A JSON member for `segments` below the current object, as a snippet WITHOUT its opening quote:
 * nested `geo": {"city_name": ""}` or dotted `geo.city_name": ""`.
 */
export function jsonMember(segments: readonly string[], target: KeyTarget, dotted: boolean): string {
  const names = dotted ? [segments.join('.')] : segments;
  let value = jsonValuePlaceholder(target);
  for (let i = names.length - 1; i >= 1; i--) value = `{"${snippetEscape(jsonStringBody(names[i]))}": ${value}}`;
  return `${snippetEscape(jsonStringBody(names[0]))}": ${value}`;
}

const VALUE_END = /["\d}\]el]/;

/** A comma to add after the previous member when the user starts a new key without one (`{"a": 1 "b|`). */
export function jsonCommaBefore(text: string, keyTokenStart: number): TextEdit | undefined {
  let i = keyTokenStart - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  if (i < 0 || !VALUE_END.test(text[i])) return undefined;
  return { start: i + 1, end: i + 1, newText: ',' };
}

/** The separator to append after an inserted member when another member follows without a comma. */
export function jsonCommaAfter(text: string, end: number): string {
  let i = end;
  while (i < text.length && /\s/.test(text[i])) i++;
  if (text[i] !== '"') return '';
  return i === end ? ', ' : ',';
}

// ---------------------------------------------------------------- YAML

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** A YAML key as text: plain when safe (`source.ip`), double-quoted otherwise (`"@timestamp"`). */
export function yamlKey(name: string): string {
  return PLAIN_KEY.test(name) ? name : JSON.stringify(name);
}

/** The YAML text after `key:` for a target at `column`, children indented by `unit`. */
export function yamlValuePlaceholder(target: KeyTarget, column: number, unit: number): string {
  const child = ' '.repeat(column + unit);
  switch (shapeOf(target)) {
    case 'object': return `\n${child}$1`;
    case 'array': return `\n${child}- $1`;
    case 'geo_point': return `\n${child}lat: \${1:0}\n${child}lon: \${2:0}`;
    case 'number': return ' ${1:0}';
    case 'boolean': return ' ${1:true}';
    case 'string': return ' $1';
  }
}

/**
 * A YAML mapping entry for `segments` whose first key starts at `column`, as a snippet:
 * nested `geo:\n    city_name: ` (absolute indentation) or dotted `geo.city_name: `.
 */
export function yamlEntry(segments: readonly string[], target: KeyTarget, dotted: boolean, column: number, unit: number): string {
  const names = dotted ? [segments.join('.')] : segments;
  let out = '';
  names.forEach((name, i) => {
    const indent = i === 0 ? '' : `\n${' '.repeat(column + i * unit)}`;
    out += `${indent}${snippetEscape(yamlKey(name))}:`;
  });
  return out + yamlValuePlaceholder(target, column + (names.length - 1) * unit, unit);
}

/** The document's indentation step: the first block key's child indentation, 2 when none is seen. */
export function yamlIndentUnit(text: string): number {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i++) {
    const opener = /^( *)(- +)?[^#\s][^#]*:\s*$/.exec(lines[i]);
    if (!opener) continue;
    const keyColumn = opener[1].length + (opener[2]?.length ?? 0);
    const next = lines.slice(i + 1).find((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    const indent = next ? /^ */.exec(next)![0].length : 0;
    if (indent > keyColumn) return indent - keyColumn;
  }
  return 2;
}

const PLAIN_VALUE = /^[A-Za-z_][A-Za-z0-9_.:/+-]*$/;
const YAML_NON_STRINGS = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;

/** A string value in YAML: plain when it stays a string for every YAML reader, double-quoted otherwise. */
export function yamlString(value: string, quote?: '"' | "'"): string {
  if (quote === "'") return `'${value.replace(/'/g, "''")}'`;
  if (quote === '"' || !PLAIN_VALUE.test(value) || YAML_NON_STRINGS.test(value)) return JSON.stringify(value);
  return value;
}

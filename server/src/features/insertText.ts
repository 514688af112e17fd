// What a completion inserts: keys (nested or dotted) with a value placeholder matching the type, as snippets (`$1`).
// Keys, quoting and indentation are the syntax's writer's (document/syntax/), the same as a quick fix writes them;
// JSON insertions never contain a newline, so they suit NDJSON lines too.
import type { Datatype, FieldDefinition } from '../catalog/types';
import { PlainValue, SyntaxWriter, verbatim } from '../document/syntaxes/writer';
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

/**
 * The value placeholder for a key's target, as the text after `key:`: "" for strings, 0 for numbers, a list or an
 * object (in YAML a block below the key, one `unit` deeper), `lat`/`lon` for a geo point.
 */
function placeholder(target: KeyTarget, writer: SyntaxWriter, unit: string): PlainValue {
  const yaml = writer.syntax === 'yaml';
  switch (shapeOf(target)) {
    case 'object': return verbatim(yaml ? (indent) => `\n${indent}${unit}$1` : '{$1}');
    case 'array': return verbatim(yaml ? (indent) => `\n${indent}${unit}- $1` : '[$1]');
    case 'geo_point': return { lat: verbatim('${1:0}'), lon: verbatim('${2:0}') };
    case 'number': return verbatim('${1:0}');
    case 'boolean': return verbatim('${1:true}');
    case 'string': return verbatim(yaml ? '$1' : '"$1"');
  }
}

/**
 * A key for `segments` below the current object with its value placeholder, as a snippet, written by the syntax's
 * writer as a quick fix would write it: JSON on one line (`"geo": {"city_name": ""}`); YAML nested by the file's
 * `unit` below a first key at `column` (`geo:\n    city_name: `), or one dotted key.
 */
export function keySnippet(writer: SyntaxWriter, segments: readonly string[], target: KeyTarget, dotted: boolean, column: number, unit: string): string {
  const names = dotted ? [segments.join('.')] : segments;
  const layout = { indent: ' '.repeat(column), unit, multiline: writer.syntax === 'yaml', keyText: snippetEscape };
  return writer.entry(names, placeholder(target, writer, unit), layout);
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

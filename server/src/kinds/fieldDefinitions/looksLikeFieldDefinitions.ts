// Content detection of a field definitions file: a list of `name`/`type` items, or of Beats' `key`/`fields` sections.
import type { DocumentFormat, ObjectNode, ValueNode } from '../../document/model';
import { parseJsonValue } from '../../document/syntaxes/json/jsonValue';
import { parseYamlValue } from '../../document/syntaxes/yaml/yamlValue';
import { isSection } from './fieldDefinitionsDocument';

/** Most items of the root list are field items (`name` with `type`, `external` or `fields`) or sections. */
export function looksLikeFieldDefinitions(text: string, format: DocumentFormat): boolean {
  // Cheap first: only a text that is a list naming `name:` or `key:` is parsed whole.
  if (!/^\s*(?:---\s*)?[-[]/.test(text) || !/\b(?:name|key)\b/.test(text)) return false;
  let root: ValueNode | undefined;
  try {
    root = (format === 'yaml' ? parseYamlValue(text) : parseJsonValue(text)).root;
  } catch {
    return false;
  }
  if (root?.kind !== 'array' || root.items.length === 0) return false;
  const objects = root.items.filter((i): i is ObjectNode => i.kind === 'object');
  const fitting = objects.filter((o) => (isSection(o) && o.properties.some((p) => p.key === 'fields')) || isFieldItem(o));
  return fitting.length * 2 > root.items.length;
}

function isFieldItem(node: ObjectNode): boolean {
  const keys = new Set(node.properties.map((p) => p.key));
  return keys.has('name') && (keys.has('type') || keys.has('external') || keys.has('fields'));
}

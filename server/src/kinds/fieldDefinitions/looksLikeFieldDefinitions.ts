// Content recognition of a field definitions file: a list of `name`/`type` items, or of Beats' `key`/`fields` sections.
import type { ObjectNode, ValueNode } from '../../document/model';
import { isSection } from './fieldDefinitionsDocument';

/** Whether a text might be field definitions, before any parse: a list that names `name:` or `key:`. */
export function mightBeFieldDefinitions(text: string): boolean {
  return /^\s*(?:---\s*)?[-[]/.test(text) && /\b(?:name|key)\b/.test(text);
}

/** Most items of the root list are field items (`name` with `type`, `external` or `fields`) or sections. */
export function looksLikeFieldDefinitions(root: ValueNode | undefined): boolean {
  if (root?.kind !== 'array' || root.items.length === 0) return false;
  const objects = root.items.filter((i): i is ObjectNode => i.kind === 'object');
  const fitting = objects.filter((o) => (isSection(o) && o.properties.some((p) => p.key === 'fields')) || isFieldItem(o));
  return fitting.length * 2 > root.items.length;
}

function isFieldItem(node: ObjectNode): boolean {
  const keys = new Set(node.properties.map((p) => p.key));
  return keys.has('name') && (keys.has('type') || keys.has('external') || keys.has('fields'));
}

// Content recognition of an ingest pipeline: an object whose keys are pipeline keys with a `processors` list, or a
// bare list, whose items are one-key objects named after ingest processors (most of them: a pipeline being written
// has a typo or two). A list alone, or `processors:` without the other pipeline keys, is also how a Beats config
// looks: there the items' options must be the ingest processor's own too (Beats' `rename` and `convert` take
// `fields: [{from, to}]`).
import type { ProcessorTable } from '../../catalog/processors';
import type { ObjectNode, PropertyNode, ValueNode } from '../../document/model';
import { isSimulateBody, PIPELINE_KEYS } from './pipelineDocument';

/** Whether a text might be a pipeline, before any parse: it names `processors` or is a list. */
export function mightBePipeline(text: string): boolean {
  return text.includes('processors') || /^\s*(?:---\s*)?-|^\s*\[/.test(text);
}

/** Whether a parsed root is a pipeline body, a bare processor list, or a `_simulate` request's body that holds one. */
export function looksLikePipeline(root: ValueNode | undefined, table: ProcessorTable): boolean {
  if (root?.kind !== 'object') return mostlyProcessors(root, true, table);
  if (isSimulateBody(root)) return looksLikePipeline(valueOfKey(root, 'pipeline'), table);
  if (!root.properties.some((p) => p.key === 'processors')) return false;
  // Beats configs have `processors:` too, never the other keys of a pipeline: with those, the names alone decide.
  const strict = !root.properties.some((p) => p.key !== 'processors' && PIPELINE_KEYS.includes(p.key));
  return mostlyProcessors(valueOfKey(root, 'processors'), strict, table);
}

function valueOfKey(object: ObjectNode, key: string): ValueNode | undefined {
  return object.properties.find((p) => p.key === key)?.value;
}

/**
 * Most items are ingest processors: objects whose keys are named after one (one key; two processors written in one
 * object still count, as the error they are). `strict`: whose options (when given) are all its own too, for Beats has
 * processors of the same names with other options (`rename: {fields: [{from, to}]}`).
 */
function mostlyProcessors(list: ValueNode | undefined, strict: boolean, table: ProcessorTable): boolean {
  if (list?.kind !== 'array' || list.items.length === 0) return false;
  let known = 0;
  for (const item of list.items) {
    if (item.kind !== 'object' || item.properties.length === 0) continue;
    if (item.properties.every((p) => isProcessor(p, strict, table))) known++;
  }
  return known * 2 > list.items.length;
}

function isProcessor({ key: name, value }: PropertyNode, strict: boolean, table: ProcessorTable): boolean {
  if (!table.get(name)) return false;
  return !strict || value?.kind !== 'object' || value.properties.every((p) => p.key === '' || table.option(name, p.key) !== undefined);
}

// Reading an object of the model by key, as every file kind's adapter does.
import type { ObjectNode, ValueNode } from './model';

/** The value of `key` in an object (the last one, as JSON parsers keep it). */
export function valueOf(object: ObjectNode, key: string): ValueNode | undefined {
  let found: ValueNode | undefined;
  // Indexed: asked for every option of every processor of a pipeline, where a `for...of` step makes an iterator result.
  const properties = object.properties;
  for (let i = 0; i < properties.length; i++) if (properties[i].key === key) found = properties[i].value;
  return found;
}

// Reading an object of the model by key, as every file kind's adapter does.
import type { ObjectNode, ValueNode } from './model';

/** The value of `key` in an object (the last one, as JSON parsers keep it). */
export function valueOf(object: ObjectNode, key: string): ValueNode | undefined {
  let found: ValueNode | undefined;
  for (const p of object.properties) if (p.key === key) found = p.value;
  return found;
}

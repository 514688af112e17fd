// Content recognition of an event document: its first event has `@timestamp`, a `schema` or `ecs` object (or a
// dotted `schema.version` / `ecs.version` key), or two or more keys that are schema field sets.
import type { Catalog } from '../../catalog/types';
import type { DocumentFormat, ValueNode } from '../../document/model';
import { forEachRootKey } from '../../document/syntaxes/json/rootKeys';
import { firstEvent } from './eventDocument';

export function looksLikeEvents(text: string, format: DocumentFormat, catalog: Catalog): boolean {
  const setNames = topLevelSetNames(catalog);
  let sets = 0;
  const seen = new Set<string>();
  let found = false;
  const visit = (key: string, objectValue: boolean): boolean => {
    if (key === '@timestamp' || key === 'schema.version' || key === 'ecs.version') return (found = true);
    if ((key === 'schema' || key === 'ecs') && objectValue) return (found = true);
    const head = key.split('.')[0];
    if (setNames.has(head) && !seen.has(head)) {
      seen.add(head);
      if (++sets >= 2) return (found = true);
    }
    return false;
  };
  // One JSON object is its own first event: its keys are read without parsing what they hold.
  if (isOneObject(text, format)) {
    forEachRootKey(text, visit);
    return found;
  }
  const first: ValueNode | undefined = firstEvent(text, format)?.root;
  if (first?.kind !== 'object') return false;
  for (const property of first.properties) if (visit(property.key, property.value?.kind === 'object')) break;
  return found;
}

/** A JSON text whose first event is the whole text: one object (not an array of events, not Elastic's `{"expected": [...]}`). */
function isOneObject(text: string, format: DocumentFormat): boolean {
  return format === 'json' && /^\s*\{/.test(text) && !/^\s*\{\s*"expected"\s*:\s*\[/.test(text);
}

const setNameMemo = new WeakMap<Catalog, Set<string>>();

/** Names of the field sets placed at the root (`event`, `host`, and `source` ... from the shared side shape). */
function topLevelSetNames(catalog: Catalog): Set<string> {
  let names = setNameMemo.get(catalog);
  if (!names) {
    names = new Set(catalog.children([]).filter((entry) => entry.fieldSet && entry.kind === 'object').map((entry) => entry.name));
    setNameMemo.set(catalog, names);
  }
  return names;
}

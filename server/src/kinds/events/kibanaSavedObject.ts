// A Kibana saved-objects export (Kibana's NDJSON of dashboards, index patterns, searches, ...) shares the event
// documents' extension but holds Kibana's own records: `id`, `type` and `attributes` (the object's content) each.
import type { DocumentFormat } from '../../document/model';
import { valueOf } from '../../document/objectValue';
import { firstEvent } from './eventDocument';

/** Whether the text's first record is a Kibana saved object: a string `id` and `type`, and an object `attributes`. */
export function isKibanaSavedObject(text: string, format: DocumentFormat): boolean {
  const first = firstEvent(text, format)?.root;
  if (first?.kind !== 'object') return false;
  return valueOf(first, 'id')?.kind === 'string' && valueOf(first, 'type')?.kind === 'string' && valueOf(first, 'attributes')?.kind === 'object';
}

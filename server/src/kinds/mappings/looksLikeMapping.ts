// Content recognition of an index template or a mapping, for files no fieldwise.files.* glob names.
import { loadMappingParameters } from '../../catalog/mappingParameters';
import { loadTypeCompatibility } from '../../catalog/typeCompatibility';
import type { MappingDocument } from './mappingDocument';

/** Whether a text might be a mapping, before any parse: it names `properties` or `dynamic_templates`. */
export function mightBeMapping(text: string): boolean {
  return text.includes('properties') || text.includes('dynamic_templates');
}

/**
 * An index template or mapping: a template, index or manifest body whose mapping declares fields or dynamic templates,
 * or a bare mapping (`PUT idx/_mapping`) whose keys are all a mapping's and whose fields are mostly typed with
 * Elasticsearch types (a JSON Schema has `properties` too, with keys and types of its own).
 */
export function looksLikeMapping(doc: MappingDocument): boolean {
  const body = doc.bodies[0];
  if (!body || body.mappings.length === 0 || (body.fields.length === 0 && body.dynamicTemplates.length === 0)) return false;
  if (body.shape !== 'mapping') return true;
  const root = body.root;
  const parameters = loadMappingParameters();
  if (root?.kind !== 'object' || root.properties.some((p) => !parameters.topLevelKey(p.key))) return false;
  const types = loadTypeCompatibility();
  const typed = body.fields.filter((f) => (f.type !== undefined && types.esType(f.type) !== undefined) || (f.type === undefined && f.hasProperties));
  return typed.length * 2 > body.fields.length;
}

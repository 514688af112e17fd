// Mappings and field definition files, seeded so every run sees the same text: for the fuzzers' seed inputs
// (test/fuzz/inputs.ts) and the bench's mapping row. A mapping is a composable index template whose properties are
// built as `fieldwise fields --format index-template` builds them (catalog/fieldMapping.ts), for a seeded choice of
// schema fields, with the mistakes people make injected: a field mapped with another type, an unknown field, a
// dynamic template that catches schema fields. A field definitions file is an integration package's fields/*.yml.
import { stringify } from 'yaml';
import type { Catalog, FieldDefinition } from '../server/src/catalog/types';
import { buildFieldMappings, Mapping } from '../server/src/catalog/fieldMapping';
import { random } from './generate';

type Rng = () => number;

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

/** `count` schema fields chosen by the seed, in the catalog's order (as a template lists them). */
function chosenFields(catalog: Catalog, rng: Rng, count: number): FieldDefinition[] {
  const all = catalog.fields();
  if (count >= all.length) return all;
  const keep = new Set<number>();
  while (keep.size < count) keep.add(Math.floor(rng() * all.length));
  return all.filter((_, i) => keep.has(i));
}

/** The mistakes a mapping may hold: a type the schema does not give, unknown and custom names. */
function injectMistakes(rng: Rng, properties: Record<string, Mapping>): void {
  const source = (properties.source ??= { properties: {} }) as { properties: Record<string, Mapping> };
  source.properties ??= {};
  source.properties.ip = { type: pick(rng, ['keyword', 'ip', 'text']) };
  properties.event ??= { properties: {} };
  const event = properties.event as { properties?: Record<string, Mapping> };
  (event.properties ??= {}).outcme = { type: 'keyword' };
  properties.custom_thing = { properties: { nested: { type: 'long' } } };
}

/** A composable index template mapping about 6 × `units` schema fields (every field when `units` is large). */
export function generateMapping(catalog: Catalog, seed: number, units: number): string {
  const rng = random(seed);
  const { properties, dynamicTemplates } = buildFieldMappings(chosenFields(catalog, rng, units * 6));
  injectMistakes(rng, properties);
  dynamicTemplates.push({ strings_as_keyword: { path_match: '*.ip', match_mapping_type: 'string', mapping: { type: 'keyword' } } });
  return `${JSON.stringify({
    index_patterns: ['logs-fuzz-*'],
    composed_of: ['fuzz-settings'],
    template: { mappings: { dynamic: 'strict', dynamic_templates: dynamicTemplates, properties } },
    _meta: { schema_version: pick(rng, ['1.11.0', '1.10.0']) },
  }, null, 2)}\n`;
}

/** An integration package's fields/*.yml: groups per field set with their fields, external entries, and mistakes. */
export function generateFieldDefinitions(catalog: Catalog, seed: number, units: number): string {
  const rng = random(seed);
  const groups = new Map<string, Array<Record<string, unknown>>>();
  for (const field of chosenFields(catalog, rng, units * 6)) {
    const dot = field.path.indexOf('.');
    const [group, rest] = dot < 0 ? ['', field.path] : [field.path.slice(0, dot), field.path.slice(dot + 1)];
    const list = groups.get(group) ?? groups.set(group, []).get(group)!;
    const r = rng();
    if (r < 0.3) list.push({ name: rest, external: 'ecs' });
    else list.push({ name: rest, type: r < 0.35 ? pick(rng, ['keyword', 'long', 'text', 'flattened']) : field.type, level: field.level, description: field.description.split('\n')[0].slice(0, 80) });
  }
  const out: Array<Record<string, unknown>> = [];
  for (const [group, fields] of groups) {
    if (group === '') out.push(...fields);
    else out.push({ name: group, type: 'group', fields });
  }
  out.push({ name: 'source.ip', external: 'ecs' }, { name: 'ecs.version', external: 'ecs' }, { name: 'source.ipp', external: 'ecs' }, { name: 'vendor.thing', type: 'keyword', description: 'A vendor field.' });
  return stringify(out);
}

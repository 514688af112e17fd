// The type-compatibility table against real templates: the one `fieldwise fields --format index-template` writes
// (the schema agrees with itself) and the schema family's own legacy template for 1.11 in the corpus (../shared).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Catalog, loadCatalog } from '../../server/src/catalog';
import { loadTypeCompatibility } from '../../server/src/catalog/typeCompatibility';
import { Mapping, buildIndexTemplate } from '../../server/src/cli/formats/indexTemplate';
import { readCorpus } from '../helpers/corpus';

const ECS_LEGACY_TEMPLATE = 'elastic-ecs/generated/elasticsearch/7/template.json';

const catalog = loadCatalog();
const table = loadTypeCompatibility();

interface Mapped { path: string; mapping: Mapping }

/** Every mapping below `properties`, with its dotted path; a mapping without a type is an object. */
function walk(properties: Record<string, Mapping>, prefix = ''): Mapped[] {
  return Object.entries(properties).flatMap(([name, mapping]) => [
    { path: `${prefix}${name}`, mapping },
    ...(mapping.properties ? walk(mapping.properties as Record<string, Mapping>, `${prefix}${name}.`) : []),
  ]);
}

const typeOf = (mapping: Mapping): string => (typeof mapping.type === 'string' ? mapping.type : 'object');

/** Each mapped path the schema knows, with the verdict that is not 'ok': fields, their multi-fields, intermediate objects. */
function findings(properties: Record<string, Mapping>, schema: Catalog): { checked: number; notOk: string[] } {
  let checked = 0;
  const notOk: string[] = [];
  const judge = (path: string, schemaType: Parameters<typeof table.mapping>[0], mapped: string): void => {
    checked += 1;
    const verdict = table.mapping(schemaType, mapped);
    if (verdict?.verdict !== 'ok') notOk.push(`${path}: ${schemaType} mapped as ${mapped}: ${verdict?.verdict ?? 'unknown type'}`);
  };
  for (const { path, mapping } of walk(properties)) {
    const field = schema.lookup(path);
    if (field) {
      judge(path, field.type, typeOf(mapping));
      const multi = (mapping.fields ?? {}) as Record<string, Mapping>;
      for (const m of field.multiFields ?? []) {
        if (multi[m.name]) judge(`${path}.${m.name}`, m.type, typeOf(multi[m.name]));
      }
    } else if (schema.resolve(path.split('.')).kind === 'object') {
      // An intermediate object (`source`, `source.geo`): the schema defines it field by field.
      judge(path, 'object', typeOf(mapping));
    }
  }
  return { checked, notOk };
}

test("fieldwise's own index template: every field, multi-field and object gets 'ok' (the schema agrees with itself)", () => {
  const template = buildIndexTemplate(catalog) as { template: { mappings: { properties: Record<string, Mapping> } } };
  const { checked, notOk } = findings(template.template.mappings.properties, catalog);
  const multiFields = catalog.fields().reduce((n, f) => n + (f.multiFields?.length ?? 0), 0);
  assert.ok(checked >= catalog.fields().length + multiFields, `${checked} checked`);
  assert.deepEqual(notOk, []);
});

// What the schema family's 1.11 template maps differently from this schema: findings for the mapping diagnostics.
const ECS_EXCEPTIONS = [
  // The schema leaves threat.enrichments an ordinary object holding threat.enrichments.indicator.*; ECS maps the
  // array of enrichments as nested, which ordinary queries on those fields do not see.
  'threat.enrichments: object mapped as nested: error',
];

test("the ECS 1.11 legacy template maps every field this schema defines with a type the table calls 'ok'", () => {
  const template = JSON.parse(readCorpus(ECS_LEGACY_TEMPLATE)) as { mappings: { properties: Record<string, Mapping> } };
  const { checked, notOk } = findings(template.mappings.properties, catalog);
  // About 1,100 fields mapped there; more than 500 of them are defined here.
  assert.ok(checked > 500, `${checked} checked`);
  assert.deepEqual(notOk, ECS_EXCEPTIONS);
});

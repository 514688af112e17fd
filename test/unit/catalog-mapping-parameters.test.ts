// Mapping parameters (schema/mapping/parameters.yml): which parameters a field type takes, what values they take,
// the keys of a mapping body and of a dynamic template, and what a broken file says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PARAMETERS_FILE, ParameterValue, loadMappingParameters } from '../../server/src/catalog/mappingParameters';
import { loadTypeCompatibility } from '../../server/src/catalog/typeCompatibility';
import { BrokenDataCase, brokenDataTests } from '../helpers/brokenDataFile';

const parameters = loadMappingParameters();

// What completion offers after `"type": "<type>",` in a mapping: some it must offer, some it must not.
const byType: Array<{ type: string; has: string[]; lacks: string[] }> = [
  { type: 'keyword', has: ['type', 'ignore_above', 'fields', 'normalizer', 'doc_values', 'index', 'null_value', 'copy_to', 'time_series_dimension', 'meta'], lacks: ['scaling_factor', 'analyzer', 'properties', 'path', 'format'] },
  { type: 'text', has: ['analyzer', 'search_analyzer', 'norms', 'fields', 'index', 'copy_to'], lacks: ['ignore_above', 'doc_values', 'normalizer', 'null_value'] },
  { type: 'scaled_float', has: ['scaling_factor', 'coerce', 'ignore_malformed', 'time_series_metric'], lacks: ['ignore_above', 'format'] },
  { type: 'date', has: ['format', 'locale', 'ignore_malformed', 'null_value'], lacks: ['scaling_factor', 'coerce'] },
  { type: 'object', has: ['properties', 'dynamic', 'enabled', 'subobjects'], lacks: ['index', 'doc_values', 'fields', 'copy_to'] },
  { type: 'nested', has: ['properties', 'dynamic'], lacks: ['enabled', 'index'] },
  { type: 'alias', has: ['type', 'path'], lacks: ['index', 'copy_to', 'fields'] },
  { type: 'flattened', has: ['ignore_above', 'depth_limit', 'time_series_dimension'], lacks: ['properties', 'fields'] },
  { type: 'no_such_type', has: [], lacks: ['type', 'meta'] },
];

for (const { type, has, lacks } of byType) {
  test(`field parameters of ${type}`, () => {
    const names = parameters.forType(type).map((p) => p.name);
    for (const name of has) assert.ok(names.includes(name), `${type} should take ${name}: ${names.join(', ')}`);
    for (const name of lacks) assert.ok(!names.includes(name), `${type} should not take ${name}`);
  });
}

const values: Array<[string, ParameterValue]> = [
  ['ignore_above', { kind: 'integer', minimum: 0 }],
  ['index', { kind: 'boolean' }],
  ['copy_to', { kind: 'field', multiple: true }],
  ['path', { kind: 'field' }],
  ['fields', { kind: 'mappings' }],
  ['null_value', { kind: 'value' }],
  ['meta', { kind: 'object' }],
  ['dynamic', { kind: 'enum', values: [true, false, 'true', 'false', 'strict', 'runtime'] }],
  ['index_options', { kind: 'enum', values: ['docs', 'freqs', 'positions', 'offsets'] }],
];

for (const [name, value] of values) {
  test(`the value ${name} takes`, () => {
    assert.deepEqual(parameters.fieldParameter(name)?.value, value);
  });
}

test('the parameters the issue names, each with a one-line description and the types it applies to', () => {
  const named = ['type', 'fields', 'properties', 'ignore_above', 'index', 'doc_values', 'norms', 'format', 'scaling_factor', 'null_value',
    'copy_to', 'path', 'dynamic', 'enabled', 'analyzer', 'search_analyzer', 'normalizer', 'coerce', 'ignore_malformed', 'store', 'meta',
    'subobjects', 'time_series_dimension'];
  for (const name of named) {
    const parameter = parameters.fieldParameter(name);
    assert.ok(parameter, name);
    assert.ok(parameter.description.length > 10 && !parameter.description.includes('\n'), name);
    assert.ok(parameter.appliesTo.length > 0, name);
  }
  const esTypes = new Set(loadTypeCompatibility().esTypes.map((t) => t.name));
  assert.deepEqual(parameters.fieldParameter('type')?.appliesTo.length, esTypes.size, 'type applies to all');
  for (const parameter of parameters.field) for (const type of parameter.appliesTo) assert.ok(esTypes.has(type), `${parameter.name}: ${type}`);
});

test('the keys of a mapping body and of a dynamic template', () => {
  const topLevel = ['dynamic', 'date_detection', 'numeric_detection', 'dynamic_templates', '_meta', '_source', '_routing', 'runtime', 'properties', 'subobjects'];
  for (const name of topLevel) assert.ok(parameters.topLevelKey(name), name);
  const template = ['match', 'unmatch', 'path_match', 'path_unmatch', 'match_mapping_type', 'unmatch_mapping_type', 'match_pattern', 'mapping', 'runtime'];
  for (const name of template) assert.ok(parameters.dynamicTemplateKey(name), name);
  assert.deepEqual(parameters.dynamicTemplateKey('match_pattern')?.value, { kind: 'enum', values: ['simple', 'regex'] });
  assert.equal(parameters.topLevelKey('ignore_above'), undefined);
  assert.equal(parameters.dynamicTemplateKey('properties'), undefined);
  assert.equal(parameters.fieldParameter('constructor'), undefined);
});

// ---------- a broken parameters file ----------

const brokenCases: BrokenDataCase[] = [
  {
    name: 'an unknown type in appliesTo',
    edit: (t) => t.replace('appliesTo: [scaled_float]', 'appliesTo: [scaled_floats]'),
    path: '/field/9/appliesTo/0',
    message: /'scaled_floats' is neither a field type nor a group/,
  },
  {
    name: 'an enum without values',
    edit: (t) => t.replace('value: { kind: enum, values: [simple, regex] }', 'value: { kind: enum }'),
    path: '/dynamicTemplate/6/value',
    message: /an enum needs its values/,
  },
  {
    name: 'a value kind the format does not have',
    edit: (t) => t.replace('value: { kind: integer, minimum: 0 }', 'value: { kind: int, minimum: 0 }'),
    path: '/field/3/value/kind',
    message: /"int" is not one of: boolean, integer/,
  },
  {
    name: 'a parameter listed twice',
    edit: (t) => t.replace('  - name: locale\n', '  - name: format\n'),
    path: '/field/8/name',
    message: /'format' is listed twice/,
  },
  {
    name: 'a group member that is no type',
    edit: (t) => t.replace('keywords: [keyword, constant_keyword, wildcard]', 'keywords: [keyword, constant_keyword, wildcards]'),
    path: '/groups/keywords/2',
    message: /unknown field type 'wildcards'/,
  },
];

brokenDataTests(PARAMETERS_FILE, loadMappingParameters, brokenCases);

// The type-compatibility table (schema/mapping/types.yml): the verdicts a user meets in mappings and ingest
// pipelines, the table's coverage, and what a broken table file says.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Datatype, DefinitionError, builtinSchemaDir } from '../../server/src/catalog';
import { TYPES_FILE, TYPES_SCHEMA_FILE, Verdict, loadTypeCompatibility } from '../../server/src/catalog/typeCompatibility';
import { BrokenDataCase, brokenDataTests } from '../helpers/brokenDataFile';

const table = loadTypeCompatibility();

// ---------- mapping types ----------

const mappingCases: Array<[Datatype, string, Verdict, RegExp?]> = [
  // The errors: the two store or query differently.
  ['ip', 'keyword', 'error', /CIDR/],
  ['date', 'keyword', 'error', /date ranges/],
  ['date', 'long', 'error', /ISO 8601/],
  ['long', 'keyword', 'error', /range queries/],
  ['keyword', 'text', 'error', /analysed/],
  ['keyword', 'object', 'error', /leaf/],
  ['long', 'nested', 'error', /leaf/],
  ['object', 'keyword', 'error', /object/],
  ['object', 'nested', 'error', /nested queries/],
  // The warnings: one family, the schema's type is the portable one.
  ['long', 'integer', 'warning', /2\^31/],
  ['keyword', 'wildcard', 'warning'],
  ['keyword', 'constant_keyword', 'warning'],
  ['text', 'match_only_text', 'warning'],
  ['float', 'scaled_float', 'warning'],
  ['float', 'half_float', 'warning'],
  ['object', 'flattened', 'warning', /field by field/],
  // The schema's own types.
  ['keyword', 'keyword', 'ok'],
  ['scaled_float', 'scaled_float', 'ok'],
  ['geo_point', 'geo_point', 'ok'],
  ['object', 'object', 'ok'],
  // An alias is judged by its target.
  ['ip', 'alias', 'ok', /path/],
  // Pairs the file does not name: the reason says what each stores.
  ['boolean', 'long', 'error', /^boolean stores true or false; long stores/],
  ['geo_point', 'point', 'error', /cartesian/],
];

for (const [schemaType, esType, verdict, reason] of mappingCases) {
  test(`mapping: ${schemaType} mapped as ${esType} is ${verdict}`, () => {
    const got = table.mapping(schemaType, esType);
    assert.equal(got?.verdict, verdict, JSON.stringify(got));
    if (reason) assert.match(got.reason, reason);
  });
}

test('mapping: every schema type against every Elasticsearch type has a verdict and a one-line reason', () => {
  assert.ok(table.esTypes.length >= 50, `${table.esTypes.length} types`);
  for (const schemaType of table.schemaTypes) {
    const ok = table.esTypes.filter((type) => table.mapping(schemaType, type.name)?.verdict === 'ok').map((type) => type.name);
    // Only the schema's own type and an alias (judged by its target) are ok.
    assert.deepEqual(ok.sort(), ['alias', schemaType].sort(), schemaType);
    for (const type of table.esTypes) {
      const got = table.mapping(schemaType, type.name);
      assert.ok(got && got.reason.length > 0 && !got.reason.includes('\n'), `${schemaType} as ${type.name}`);
    }
  }
});

test('mapping: the table covers exactly the datatypes of the definition format', () => {
  const definition = JSON.parse(readFileSync(join(builtinSchemaDir(), 'definition.schema.json'), 'utf8')) as { $defs: { datatype: { enum: string[] } } };
  assert.deepEqual([...table.schemaTypes].sort(), [...definition.$defs.datatype.enum].sort());
});

test('mapping: a type Elasticsearch does not have gets no verdict', () => {
  assert.equal(table.mapping('keyword', 'string'), undefined);
  assert.equal(table.mapping('keyword', 'keywrod'), undefined);
  assert.equal(table.mapping('keyword', 'constructor'), undefined);
  assert.equal(table.esType('murmur3')?.category, 'structured');
});

// ---------- ingest: convert and grok ----------

const ingestCases: Array<{ schemaType: Datatype; convert?: string; grok?: string | null; verdict: Verdict }> = [
  { schemaType: 'ip', convert: 'ip', verdict: 'ok' },
  { schemaType: 'ip', convert: 'string', verdict: 'warning' },
  { schemaType: 'ip', convert: 'long', verdict: 'error' },
  { schemaType: 'long', convert: 'long', verdict: 'ok' },
  { schemaType: 'long', convert: 'integer', verdict: 'warning' },
  { schemaType: 'long', convert: 'boolean', verdict: 'error' },
  { schemaType: 'float', convert: 'integer', verdict: 'error' },
  { schemaType: 'keyword', convert: 'auto', verdict: 'warning' },
  { schemaType: 'boolean', convert: 'boolean', verdict: 'ok' },
  { schemaType: 'object', convert: 'string', verdict: 'error' },
  // Grok types read as the convert type of the same kind; an untyped capture is a string.
  { schemaType: 'long', grok: 'int', verdict: 'warning' },
  { schemaType: 'long', grok: 'long', verdict: 'ok' },
  { schemaType: 'integer', grok: 'int', verdict: 'ok' },
  { schemaType: 'ip', grok: null, verdict: 'warning' },
  { schemaType: 'keyword', grok: null, verdict: 'ok' },
  { schemaType: 'long', grok: null, verdict: 'warning' },
  { schemaType: 'boolean', grok: 'double', verdict: 'error' },
];

for (const c of ingestCases) {
  const source = c.convert !== undefined ? `convert type ${c.convert}` : `grok capture ${c.grok ?? '(untyped)'}`;
  test(`ingest: ${source} into ${c.schemaType} is ${c.verdict}`, () => {
    const got = c.convert !== undefined ? table.convert(c.schemaType, c.convert) : table.grok(c.schemaType, c.grok ?? undefined);
    assert.equal(got?.verdict, c.verdict, JSON.stringify(got));
    assert.ok(got.reason.length > 0);
  });
}

test('ingest: the convert and grok types of Elasticsearch, each with a verdict for every schema type', () => {
  assert.deepEqual([...table.convertTypes].sort(), ['auto', 'boolean', 'double', 'float', 'integer', 'ip', 'long', 'string']);
  assert.deepEqual([...table.grokTypes].sort(), ['boolean', 'double', 'float', 'int', 'long']);
  for (const schemaType of table.schemaTypes) {
    for (const type of table.convertTypes) assert.ok(table.convert(schemaType, type), `${schemaType} convert ${type}`);
    for (const type of table.grokTypes) assert.ok(table.grok(schemaType, type), `${schemaType} grok ${type}`);
  }
});

test('a removed type names the types that replaced it; a type Elasticsearch has is none', () => {
  assert.deepEqual(table.removedType('string')?.use.map((u) => u.type), ['text', 'keyword']);
  assert.equal(table.removedType('text'), undefined);
  assert.equal(table.removedType('txt'), undefined);
});

test('ingest: types neither processor has get no verdict', () => {
  assert.equal(table.convert('long', 'int'), undefined);
  assert.equal(table.convert('long', 'toString'), undefined);
  assert.equal(table.grok('long', 'ip'), undefined);
  assert.equal(table.grok('long', 'constructor'), undefined);
});

// ---------- a broken table file ----------

const brokenCases: BrokenDataCase[] = [
  {
    name: 'an unknown category',
    edit: (t) => t.replace('{ name: binary, category: common,', '{ name: binary, category: commons,'),
    path: '/esTypes/0/category',
    message: /unknown category 'commons'; expected one of: common, objects/,
  },
  {
    name: 'a verdict the table does not have',
    edit: (t) => t.replace('wildcard: { verdict: warning,', 'wildcard: { verdict: maybe,'),
    path: '/schemaTypes/keyword/mapping/wildcard/verdict',
    message: /"maybe" is not one of: ok, warning, error/,
  },
  {
    name: 'a schema datatype left out',
    edit: (t) => t.replace(/\n {2}boolean:\n[\s\S]*?\n\n/, '\n'),
    path: '/schemaTypes',
    message: /missing the schema datatype 'boolean'/,
  },
  {
    name: 'a mapping type Elasticsearch does not have',
    edit: (t) => t.replace('      match_only_text: { verdict: warning,', '      match_only_txt: { verdict: warning,'),
    path: '/schemaTypes/text/mapping/match_only_txt',
    message: /unknown Elasticsearch type 'match_only_txt'/,
  },
  {
    name: 'a removed type replaced by a type Elasticsearch does not have',
    edit: (t) => t.replace('- { type: keyword, for: "exact values" }', '- { type: keywrd, for: "exact values" }'),
    path: '/removedTypes/0/use/1/type',
    message: /unknown Elasticsearch type 'keywrd'/,
  },
  {
    name: 'an ingest kind left out',
    edit: (t) => t.replace(/\n {6}auto: \{ verdict: warning, reason: "turns numeric and true\/false strings into numbers and booleans: _source no longer holds the original string" \}/, ''),
    path: '/schemaTypes/keyword/ingest',
    message: /missing required property 'auto'/,
  },
];

brokenDataTests(TYPES_FILE, loadTypeCompatibility, brokenCases);

test('a missing table file or JSON Schema is a DefinitionError naming the file, not a crash', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fieldwise-no-types-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(builtinSchemaDir(), dir, { recursive: true });
  rmSync(join(dir, TYPES_SCHEMA_FILE));
  assert.throws(() => loadTypeCompatibility(dir), (error: unknown) => error instanceof DefinitionError && error.message.startsWith(`${join(dir, TYPES_SCHEMA_FILE)}: /: cannot use this JSON Schema`));
  rmSync(join(dir, TYPES_FILE));
  assert.throws(() => loadTypeCompatibility(dir), (error: unknown) => error instanceof DefinitionError && error.message.startsWith(`${join(dir, TYPES_FILE)}: /: cannot read`));
});

// The types of field definition files (schema/mapping/definitionTypes.yml): every Elasticsearch type of the table
// plus the file-only ones, how each is judged against the schema, and what a broken data file says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFINITION_TYPES_FILE, loadDefinitionTypes } from '../../server/src/catalog/definitionTypes';
import { loadTypeCompatibility } from '../../server/src/catalog/typeCompatibility';
import { brokenDataTests } from '../helpers/brokenDataFile';

const types = loadDefinitionTypes();

test('every Elasticsearch field type of the table, then group and array', () => {
  assert.deepEqual(types.names, [...loadTypeCompatibility().esTypes.map((t) => t.name), 'group', 'array']);
  assert.equal(types.known('keywrd'), false);
});

const judged: Array<[string, string | undefined]> = [['ip', 'ip'], ['group', 'object'], ['array', undefined], ['keywrd', undefined]];

test('a type is judged as itself, group as an object, array not at all', () => {
  for (const [name, as] of judged) assert.equal(types.checkedAs(name), as, name);
});

brokenDataTests(DEFINITION_TYPES_FILE, loadDefinitionTypes, [
  { name: 'a file-only type that Elasticsearch has', edit: (t) => t.replace('  - name: array', '  - name: keyword'), path: '/types/1/name', message: /an Elasticsearch type already/ },
  { name: 'checked as a type Elasticsearch does not have', edit: (t) => t.replace('checkedAs: object', 'checkedAs: objekt'), path: '/types/0/checkedAs', message: /unknown Elasticsearch type 'objekt'/ },
  { name: 'a type without its description', edit: (t) => t.replace(/\n {4}description: "A list[^\n]*/, ''), path: '/types/1', message: /description/ },
]);

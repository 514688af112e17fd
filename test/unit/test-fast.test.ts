// `npm run test:fast`'s selection (test/fast.ts): patterns pick test files by name, then tests by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { select, UNIT_DIR } from '../fast';

const FILES = ['annotated-fixtures.test.ts', 'mapping-features.test.ts', 'pipeline-features.test.ts', 'pipeline-units.test.ts'];
const paths = (...names: string[]): string[] => names.map((n) => join(UNIT_DIR, n));

test('no pattern: every unit test file, every test', () => {
  assert.deepEqual(select([], FILES), { files: paths(...FILES), names: [], flags: [] });
});

test('a pattern some file names contain selects those files, whatever the case', () => {
  assert.deepEqual(select(['Pipeline'], FILES), { files: paths('pipeline-features.test.ts', 'pipeline-units.test.ts'), names: [], flags: [] });
  assert.deepEqual(select(['mapping', 'units'], FILES).files, paths('mapping-features.test.ts', 'pipeline-units.test.ts'));
});

test('a pattern no file name contains selects tests by name, in the files chosen or else in all', () => {
  assert.deepEqual(select(['unknown-field'], FILES), { files: paths(...FILES), names: ['unknown-field'], flags: [] });
  assert.deepEqual(select(['pipeline', 'grok'], FILES), { files: paths('pipeline-features.test.ts', 'pipeline-units.test.ts'), names: ['grok'], flags: [] });
});

test('flags go to node as they are', () => {
  assert.deepEqual(select(['--test-reporter=dot', 'mapping'], FILES), { files: paths('mapping-features.test.ts'), names: [], flags: ['--test-reporter=dot'] });
});

// The build's catalog snapshot: the same catalog as loading the YAML, and never used once a file changed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DefinitionError, builtinSchemaDir } from '../../server/src/catalog';
import { catalogFromDefinitions } from '../../server/src/catalog/index';
import { builtinDefinitionFiles } from '../../server/src/catalog/definitionFiles';
import { loadDefinitionFiles } from '../../server/src/catalog/loader';
import { createSnapshot, readSnapshot, writeSnapshot } from '../../server/src/catalog/snapshot';

const schemaDir = builtinSchemaDir();
const schemaFile = join(schemaDir, 'definition.schema.json');
const files = builtinDefinitionFiles(join(schemaDir, 'fieldsets'));
let work: string;
let snapshotFile: string;

before(() => {
  work = mkdtempSync(join(tmpdir(), 'fieldwise-snapshot-'));
  snapshotFile = join(work, 'catalog-snapshot.json');
  const { snapshot, problems } = createSnapshot(files, schemaFile);
  assert.deepEqual(problems, []);
  assert.ok(snapshot);
  writeSnapshot(snapshotFile, snapshot);
});
after(() => rmSync(work, { recursive: true, force: true }));

test('a catalog from the snapshot equals one loaded from the YAML files', () => {
  const fromSnapshot = readSnapshot(snapshotFile, files, schemaFile);
  assert.ok(fromSnapshot, 'a fresh snapshot is used');
  const viaSnapshot = catalogFromDefinitions(fromSnapshot);
  const viaYaml = catalogFromDefinitions(loadDefinitionFiles(files, schemaFile, false).definitions);
  assert.deepEqual(viaSnapshot.fields(), viaYaml.fields());
  assert.deepEqual(viaSnapshot.fieldSets(), viaYaml.fieldSets());
});

test('problems found through the snapshot name the same file and line as through the YAML', () => {
  const custom = loadDefinitionFiles([resolve(__dirname, '../fixtures/definitions/redefine/root-message.yml')], schemaFile, true).definitions;
  const messageOf = (builtin: Parameters<typeof catalogFromDefinitions>[0]): string => {
    try {
      catalogFromDefinitions([...builtin, ...custom]);
    } catch (error) {
      assert.ok(error instanceof DefinitionError);
      return error.message;
    }
    return assert.fail('the custom file collides with base.message');
  };
  const viaSnapshot = messageOf(readSnapshot(snapshotFile, files, schemaFile) ?? []);
  assert.equal(viaSnapshot, messageOf(loadDefinitionFiles(files, schemaFile, false).definitions));
  assert.match(viaSnapshot, /base\.yml:\d+/);
});

test('a snapshot is ignored once a definition file changed, was added or the snapshot is damaged', () => {
  const copy = join(work, 'fieldsets');
  cpSync(join(schemaDir, 'fieldsets'), copy, { recursive: true });
  const copied = builtinDefinitionFiles(copy);
  assert.ok(readSnapshot(snapshotFile, copied, schemaFile), 'identical copies still match');
  appendFileSync(copied[0], '# edited\n');
  assert.equal(readSnapshot(snapshotFile, copied, schemaFile), undefined);
  assert.equal(readSnapshot(snapshotFile, files.slice(1), schemaFile), undefined);
  const damaged = join(work, 'damaged.json');
  writeFileSync(damaged, '{"format": 1, "files": [');
  assert.equal(readSnapshot(damaged, files, schemaFile), undefined);
  assert.equal(readSnapshot(join(work, 'absent.json'), files, schemaFile), undefined);
});

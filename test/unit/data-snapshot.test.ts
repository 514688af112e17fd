// The build's snapshot of schema/'s data files (dist/data-snapshot.json): a server reads the type table from it instead
// of parsing YAML and compiling its schema, only while both files are byte for byte the ones it was made from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDataSnapshot, dataSnapshotPath, loadDataFile } from '../../server/src/catalog/dataFile';
import { builtinSchemaDir } from '../../server/src/catalog/schemaDir';
import { TYPES_FILE, TYPES_SCHEMA_FILE } from '../../server/src/catalog/typeCompatibility';

test('the data snapshot answers as the YAML does, and is not used once a file changes', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'fieldwise-data-snapshot-'));
  try {
    const schemaDir = join(tmp, 'schema');
    cpSync(join(builtinSchemaDir(), 'mapping'), join(schemaDir, 'mapping'), { recursive: true });
    const file = join(schemaDir, TYPES_FILE);
    const schemaFile = join(schemaDir, TYPES_SCHEMA_FILE);
    const viaYaml = loadDataFile(file, schemaFile).data;
    assert.equal(buildDataSnapshot([[TYPES_FILE, TYPES_SCHEMA_FILE]], schemaDir), '');
    const snapshot = JSON.parse(readFileSync(dataSnapshotPath(schemaDir), 'utf8')) as { files: Record<string, { data: unknown }> };
    assert.deepEqual(snapshot.files['mapping/types.yml'].data, viaYaml, 'the snapshot holds the validated data');
    // Marked, to see that a load really reads it.
    snapshot.files['mapping/types.yml'].data = { fromSnapshot: true };
    writeFileSync(dataSnapshotPath(schemaDir), JSON.stringify(snapshot));
    assert.deepEqual(loadDataFile(file, schemaFile).data, { fromSnapshot: true }, 'matching files are read from the snapshot');
    appendFileSync(file, '# edited\n');
    assert.deepEqual(loadDataFile(file, schemaFile).data, viaYaml, 'an edited file is read again');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('a data file with problems is left out of the snapshot, and the build says why', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'fieldwise-data-snapshot-'));
  try {
    const schemaDir = join(tmp, 'schema');
    cpSync(join(builtinSchemaDir(), 'mapping'), join(schemaDir, 'mapping'), { recursive: true });
    appendFileSync(join(schemaDir, TYPES_FILE), 'unexpected: [\n');
    assert.match(buildDataSnapshot([[TYPES_FILE, TYPES_SCHEMA_FILE]], schemaDir), /types\.yml/);
    const snapshot = JSON.parse(readFileSync(dataSnapshotPath(schemaDir), 'utf8')) as { files: Record<string, unknown> };
    assert.equal(snapshot.files['mapping/types.yml'], undefined);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

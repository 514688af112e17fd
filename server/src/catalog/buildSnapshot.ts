// Run by scripts/build.mjs (bundled): writes dist/catalog-snapshot.json, dist/processors-snapshot.json and
// dist/data-snapshot.json (dataFile.ts), or removes a
// stale one when the data has problems (the build goes on; loading reports the problems).
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { builtinDefinitionFiles } from './definitionFiles';
import { buildProcessorSnapshot } from './processors';
import { BEATS_PROCESSORS_FILE, BEATS_PROCESSORS_SCHEMA_FILE } from './beatsProcessors';
import { buildDataSnapshot } from './dataFile';
import { PARAMETERS_FILE, PARAMETERS_SCHEMA_FILE } from './mappingParameters';
import { TYPES_FILE, TYPES_SCHEMA_FILE } from './typeCompatibility';
import { GROK_PATTERNS_FILE, GROK_PATTERNS_SCHEMA_FILE, PLUGINS_FILE, PLUGINS_SCHEMA_FILE } from './logstashPlugins';
import { DEFINITION_SCHEMA_FILE, FIELDSETS_DIR, builtinSchemaDir } from './schemaDir';
import { createSnapshot, snapshotPath, writeSnapshot } from './snapshot';
import { DefinitionError } from './types';

export function buildSnapshot(): string {
  const schemaDir = builtinSchemaDir();
  const target = snapshotPath(schemaDir);
  const files = builtinDefinitionFiles(join(schemaDir, FIELDSETS_DIR));
  const { snapshot, problems } = createSnapshot(files, join(schemaDir, DEFINITION_SCHEMA_FILE));
  if (!snapshot) {
    rmSync(target, { force: true });
    return `catalog snapshot not written; the definitions have problems:\n${new DefinitionError(problems).message}`;
  }
  mkdirSync(dirname(target), { recursive: true });
  writeSnapshot(target, snapshot);
  return '';
}

if (require.main === module) {
  const dataFiles: Array<[string, string]> = [
    [TYPES_FILE, TYPES_SCHEMA_FILE], [PARAMETERS_FILE, PARAMETERS_SCHEMA_FILE], [PLUGINS_FILE, PLUGINS_SCHEMA_FILE], [GROK_PATTERNS_FILE, GROK_PATTERNS_SCHEMA_FILE],
    [BEATS_PROCESSORS_FILE, BEATS_PROCESSORS_SCHEMA_FILE],
  ];
  for (const warning of [buildSnapshot(), buildProcessorSnapshot(), buildDataSnapshot(dataFiles)]) {
    if (warning) process.stderr.write(`warning: ${warning}\n`);
  }
}

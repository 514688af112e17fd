// The field catalog: loads the built-in definitions (plus a user's custom ones) into a Catalog.
import { join } from 'node:path';
import { FieldCatalog } from './catalog';
import { LoadedDefinition } from './definition';
import { builtinDefinitionFiles, resolveDefinitionFiles } from './definitionFiles';
import { expandSets } from './expand';
import { mergeDefinitions } from './merge';
import { DEFINITION_SCHEMA_FILE, FIELDSETS_DIR, builtinSchemaDir } from './schemaDir';
import { readSnapshot, snapshotPath } from './snapshot';
import { Catalog, DefinitionError, DefinitionProblem, LoadCatalogOptions } from './types';
import { LoadResult, loadDefinitionFiles } from './loader';

export * from './types';
export { builtinSchemaDir } from './schemaDir';
export { SCHEMA_VERSION } from './catalog';
export { isProjectConfig, PROJECT_CONFIG, WORKSPACE_DEFINITIONS, workspaceDefinitions } from './definitionFiles';

/** Loads and checks every definition; throws DefinitionError listing all problems across all files. */
export function loadCatalog(options: LoadCatalogOptions = {}): Catalog {
  const schemaDir = builtinSchemaDir();
  const schemaFile = join(schemaDir, DEFINITION_SCHEMA_FILE);
  const problems: DefinitionProblem[] = [];
  const builtin = loadBuiltinDefinitions(schemaDir, schemaFile);
  problems.push(...builtin.problems);
  const customFiles = resolveDefinitionFiles(options.definitions ?? [], options.cwd ?? process.cwd());
  problems.push(...customFiles.problems);
  const custom = loadDefinitionFiles(customFiles.files, schemaFile, true);
  problems.push(...custom.problems);
  return catalogFromDefinitions([...builtin.definitions, ...custom.definitions], problems);
}

/** Merges and expands loaded definitions; throws DefinitionError with `earlier` or the cross-file problems. */
export function catalogFromDefinitions(definitions: LoadedDefinition[], earlier: DefinitionProblem[] = []): Catalog {
  // Cross-file checks on a partial set of files would report the missing file's absence as more problems.
  if (earlier.length > 0) throw new DefinitionError(earlier);
  const merged = mergeDefinitions(definitions);
  const expansion = expandSets(merged.sets);
  const problems = [...merged.problems, ...expansion.problems];
  if (problems.length > 0) throw new DefinitionError(problems);
  return new FieldCatalog(merged.sets, expansion);
}

/** The build's snapshot when it matches the files byte for byte (fast start), else the files themselves. */
function loadBuiltinDefinitions(schemaDir: string, schemaFile: string): LoadResult {
  const files = builtinDefinitionFiles(join(schemaDir, FIELDSETS_DIR));
  const fromSnapshot = readSnapshot(snapshotPath(schemaDir), files, schemaFile);
  return fromSnapshot ? { definitions: fromSnapshot, problems: [] } : loadDefinitionFiles(files, schemaFile, false);
}

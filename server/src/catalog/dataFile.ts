// Reads one YAML data file of schema/ (other than the field sets) and validates it with its JSON Schema (ajv). A
// build-time snapshot (dist/data-snapshot.json) of the built-in files spares a server the YAML parse and the schema
// compile inside a first check (the type table's is the largest); used only while both files still match.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { builtinSchemaDir } from './schemaDir';
import { sha256, snapshotPath, writeSnapshot } from './snapshot';
import { YamlSource, parseYamlSource } from './yamlSource';
import { DefinitionError, DefinitionProblem } from './types';
import { definitionValidator, validateSource } from './validate';

/** A valid file's data with the way back to its lines, for the loader's own cross-reference checks. */
export interface DataFile {
  file: string;
  data: unknown;
  /** A problem located at `pointer` (`/esTypes/3/category`). */
  problem(this: void, pointer: string, message: string): DefinitionProblem;
}

/** Throws DefinitionError naming the file, line and path of every problem: a broken data file is a broken build. */
export function loadDataFile(file: string, schemaFile: string): DataFile {
  const snapshot = fromSnapshot(file, schemaFile);
  if (snapshot !== undefined) return { file, data: snapshot, problem: (pointer, message) => ({ file, path: pointer, message }) };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new DefinitionError([{ file, path: '', message: `cannot read: ${(error as Error).message}` }]);
  }
  const parsed = parseYamlSource(file, text);
  if (!parsed.ok) throw new DefinitionError(parsed.problems);
  let validate: ReturnType<typeof definitionValidator>;
  try {
    validate = definitionValidator(schemaFile);
  } catch (error) {
    throw new DefinitionError([{ file: schemaFile, path: '', message: `cannot use this JSON Schema: ${(error as Error).message}` }]);
  }
  const problems = validateSource(validate, parsed.source);
  if (problems.length > 0) throw new DefinitionError(problems);
  return { file, data: parsed.source.value, problem: locate(parsed.source) };
}

function locate(source: YamlSource): DataFile['problem'] {
  return (pointer, message) => ({ file: source.file, line: source.lineOf(pointer), path: pointer, message });
}

/** `read` once per schema/ folder (the built-in one by default): the shipped data files do not change while running. */
export function oncePerSchemaDir<T>(read: (schemaDir: string) => T): (schemaDir?: string) => T {
  const loaded = new Map<string, T>();
  return (schemaDir = builtinSchemaDir()) => {
    let value = loaded.get(schemaDir);
    if (value === undefined) {
      value = read(schemaDir);
      loaded.set(schemaDir, value);
    }
    return value;
  };
}

// ---------------------------------------------------------------- the snapshot

export const DATA_SNAPSHOT_FILE = 'data-snapshot.json';
const DATA_SNAPSHOT_FORMAT = 1;

interface DataSnapshot {
  format: number;
  /** By the file's path below schema/ (`mapping/types.yml`). */
  files: Record<string, { yamlSha256: string; schemaSha256: string; data: unknown }>;
}

/** Beside the catalog's snapshot, in dist/. */
export function dataSnapshotPath(schemaDir: string): string {
  return join(dirname(snapshotPath(schemaDir)), DATA_SNAPSHOT_FILE);
}

const snapshots = new Map<string, DataSnapshot | null>();

/** The file's data from the snapshot of its schema/ folder when both files match it byte for byte; undefined otherwise. */
function fromSnapshot(file: string, schemaFile: string): unknown {
  // The data files sit one folder below schema/ (`mapping/types.yml`).
  const schemaDir = dirname(dirname(file));
  let snapshot = snapshots.get(schemaDir);
  if (snapshot === undefined) {
    try {
      const read = JSON.parse(readFileSync(dataSnapshotPath(schemaDir), 'utf8')) as DataSnapshot;
      snapshot = read.format === DATA_SNAPSHOT_FORMAT ? read : null;
    } catch {
      snapshot = null;
    }
    snapshots.set(schemaDir, snapshot);
  }
  const entry = snapshot?.files[snapshotKey(schemaDir, file)];
  if (!entry) return undefined;
  try {
    if (entry.yamlSha256 !== sha256(readFileSync(file, 'utf8')) || entry.schemaSha256 !== sha256(readFileSync(schemaFile, 'utf8'))) return undefined;
  } catch {
    return undefined;
  }
  return entry.data;
}

function snapshotKey(schemaDir: string, file: string): string {
  return relative(schemaDir, file).split('\\').join('/');
}

/**
 * Run by the build: loads each data file in full (a snapshot is only ever made of valid data) and writes the
 * snapshot of those that load; returns why any did not (the build goes on, loading reports the problems).
 */
export function buildDataSnapshot(files: ReadonlyArray<[file: string, schemaFile: string]>, schemaDir = builtinSchemaDir()): string {
  const target = dataSnapshotPath(schemaDir);
  rmSync(target, { force: true });
  const snapshot: DataSnapshot = { format: DATA_SNAPSHOT_FORMAT, files: {} };
  const problems: string[] = [];
  for (const [file, schemaFile] of files) {
    try {
      const loaded = loadDataFile(join(schemaDir, file), join(schemaDir, schemaFile));
      snapshot.files[snapshotKey(schemaDir, loaded.file)] = {
        yamlSha256: sha256(readFileSync(loaded.file, 'utf8')),
        schemaSha256: sha256(readFileSync(join(schemaDir, schemaFile), 'utf8')),
        data: loaded.data,
      };
    } catch (error) {
      problems.push(`${basename(file)}: ${(error as Error).message}`);
    }
  }
  mkdirSync(dirname(target), { recursive: true });
  writeSnapshot(target, snapshot);
  // Read again on the next load (the loads above found none).
  snapshots.delete(schemaDir);
  return problems.length > 0 ? `data snapshot left out files with problems:\n${problems.join('\n')}` : '';
}

// A build-time copy of the validated built-in definitions, so a server starts without parsing YAML or compiling
// the definition schema. Used only while every file's hash still matches; otherwise the files are loaded as usual.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DefinitionFile, LoadedDefinition, SourceRef } from './definition';
import { expandSets } from './expand';
import { loadDefinitionFiles } from './loader';
import { mergeDefinitions } from './merge';
import { parsePointer, parseYamlSource } from './yamlSource';
import { DefinitionProblem } from './types';

export const SNAPSHOT_FILE = 'catalog-snapshot.json';
const FORMAT = 1;

interface SnapshotFile {
  name: string;
  sha256: string;
  data: DefinitionFile;
  /** Lines of the pointers problems can name (`/fields/3`, `/fields/3/type`, `/reusedAt/0/at`, ...). */
  lines: Record<string, number>;
}

interface Snapshot {
  format: number;
  schemaSha256: string;
  files: SnapshotFile[];
}

/** Where the build puts the snapshot: dist/ beside schema/. */
export function snapshotPath(schemaDir: string): string {
  return join(dirname(schemaDir), 'dist', SNAPSHOT_FILE);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The snapshot's definitions when it matches `files` and `schemaFile` byte for byte; undefined otherwise. */
export function readSnapshot(snapshotFile: string, files: readonly string[], schemaFile: string): LoadedDefinition[] | undefined {
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as Snapshot;
  } catch {
    return undefined;
  }
  if (snapshot.format !== FORMAT || snapshot.files.length !== files.length) return undefined;
  if (snapshot.schemaSha256 !== sha256(readFileSync(schemaFile, 'utf8'))) return undefined;
  const definitions: LoadedDefinition[] = [];
  for (const [index, file] of files.entries()) {
    const entry = snapshot.files[index];
    if (entry.name !== basename(file) || entry.sha256 !== sha256(readFileSync(file, 'utf8'))) return undefined;
    definitions.push({ file, custom: false, data: entry.data, ref: (pointer) => refFromLines(file, entry.lines, pointer) });
  }
  return definitions;
}

/** The nearest recorded line on the way to `pointer`. */
function refFromLines(file: string, lines: Record<string, number>, pointer: string): SourceRef {
  const segments = parsePointer(pointer);
  for (let depth = segments.length; depth >= 0; depth -= 1) {
    const key = depth === 0 ? '' : `/${segments.slice(0, depth).join('/')}`;
    if (lines[key] !== undefined) return { file, line: lines[key], path: pointer };
  }
  return { file, path: pointer };
}

/** Loads the built-in files in full; returns the snapshot only when they load without a single problem. */
export function createSnapshot(files: readonly string[], schemaFile: string): { snapshot?: Snapshot; problems: DefinitionProblem[] } {
  const loaded = loadDefinitionFiles(files, schemaFile, false);
  const merged = mergeDefinitions(loaded.definitions);
  const problems = [...loaded.problems, ...merged.problems, ...expandSets(merged.sets).problems];
  if (problems.length > 0) return { problems };
  const entries = files.map((file): SnapshotFile => {
    const text = readFileSync(file, 'utf8');
    const parsed = parseYamlSource(file, text);
    if (!parsed.ok) throw new Error(`${file} changed while the snapshot was made`);
    const data = parsed.source.value as DefinitionFile;
    const lines: Record<string, number> = {};
    for (const pointer of recordedPointers(data)) {
      const line = parsed.source.lineOf(pointer);
      if (line !== undefined) lines[pointer] = line;
    }
    return { name: basename(file), sha256: sha256(text), data, lines };
  });
  return { snapshot: { format: FORMAT, schemaSha256: sha256(readFileSync(schemaFile, 'utf8')), files: entries }, problems: [] };
}

function recordedPointers(data: DefinitionFile): string[] {
  const out = ['', ...Object.keys(data).map((key) => `/${key}`)];
  (data.fields ?? []).forEach((_, i) => out.push(`/fields/${i}`, `/fields/${i}/name`, `/fields/${i}/type`));
  (data.reusedAt ?? []).forEach((_, i) => out.push(`/reusedAt/${i}`, `/reusedAt/${i}/at`));
  return out;
}

/** Writes atomically: a server starting during a build reads the old snapshot or the new one, never half of one. */
export function writeSnapshot(snapshotFile: string, snapshot: object): void {
  const temporary = `${snapshotFile}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(snapshot));
  renameSync(temporary, snapshotFile);
}

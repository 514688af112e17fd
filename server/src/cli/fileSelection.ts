// Which files one `fieldwise check` run checks, in report order: the PATHS and the --files-from list expanded (folders
// and globs to their candidates), kept to those changed since --changed-since (with the rest of each changed data
// stream), then this job's share of them (--shard).
import { statSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { Candidate, expandPaths } from '../service/detect';
import { changedSince } from './changedFiles';
import { comparePaths } from './formats/checkReport';
import { PackageFolders } from './packageFolders';
import { Shard, shareOf, ShardUnit } from './shards';

export interface SelectionOptions {
  paths: readonly string[];
  /** Paths read from --files-from, one per line (or NUL-separated), treated as PATHS are. */
  listed: readonly string[];
  changedSince?: string;
  shard?: Shard;
  consoleGlobs: readonly string[];
  /** A file never checked (absolute): the report being written (--output), which may lie among the files. */
  skip?: string;
}

export interface SelectedFile {
  candidate: Candidate;
  /** The path reports name it by (relative to the current folder when below it, else absolute; `stdin`). */
  uriPath: string;
  /** Its size on disk; 0 when it cannot be read (reported then) or for standard input. */
  bytes: number;
  /** The integration package it is in (absolute): its files are checked together, the package read whole for them. */
  packageRoot?: string;
}

export interface Selection {
  files: SelectedFile[];
  /** Arguments that name nothing: a missing path, a glob that matches no file. */
  missing: string[];
}

export function selectFiles(options: SelectionOptions, cwd: string): Selection {
  const args = [...options.paths, ...options.listed];
  const stdin: Candidate[] = args.includes('-') ? [{ path: '-', display: '-', named: true, globPath: '-' }] : [];
  const expansion = expandPaths(args.filter((p) => p !== '-'), cwd, options.consoleGlobs);
  let candidates = [...stdin, ...expansion.candidates].filter((c) => c.path !== options.skip);
  const packages = new PackageFolders();
  if (options.changedSince !== undefined) candidates = changedOnly(candidates, changedSince(options.changedSince, cwd), packages);
  let files = candidates.map((candidate): SelectedFile => ({
    candidate, uriPath: uriPathOf(candidate, cwd), bytes: sizeOf(candidate), packageRoot: candidate.path === '-' ? undefined : packages.placeOf(candidate.path)?.root,
  }));
  if (options.shard) files = shareOf(unitsOf(files, cwd), options.shard);
  files.sort((a, b) => comparePaths(a.candidate.display, b.candidate.display));
  return { files, missing: expansion.missing };
}

/** The changed files, and every file of a data stream in which anything changed (a deletion included). */
function changedOnly(candidates: Candidate[], changed: ReadonlySet<string>, packages: PackageFolders): Candidate[] {
  const touched = new Set<string>();
  for (const file of changed) {
    const stream = packages.placeOf(file)?.dataStream;
    if (stream) touched.add(stream);
  }
  return candidates.filter((c) => {
    if (c.path === '-' || changed.has(c.path)) return true;
    const stream = packages.placeOf(c.path)?.dataStream;
    return stream !== undefined && touched.has(stream);
  });
}

/** Shard units: a package's files together, any other file alone; keyed by paths relative to the current folder. */
function unitsOf(files: SelectedFile[], cwd: string): Array<ShardUnit<SelectedFile>> {
  const units = new Map<string, ShardUnit<SelectedFile>>();
  for (const file of files) {
    const root = file.packageRoot;
    const key = root === undefined ? `file:${file.uriPath}` : `package:${portable(relative(cwd, root))}`;
    let unit = units.get(key);
    if (!unit) units.set(key, (unit = { key, bytes: 0, items: [] }));
    unit.bytes += file.bytes;
    unit.items.push(file);
  }
  return [...units.values()];
}

function sizeOf(candidate: Candidate): number {
  if (candidate.path === '-') return 0;
  try {
    return statSync(candidate.path).size;
  } catch {
    return 0;
  }
}

function uriPathOf(candidate: Candidate, cwd: string): string {
  if (candidate.path === '-') return 'stdin';
  const rel = relative(cwd, candidate.path);
  return rel.startsWith('..') || isAbsolute(rel) ? candidate.path : portable(rel);
}

const portable = (path: string): string => path.split(sep).join('/');

/** The paths of a --files-from list: one per line (blank lines skipped), or NUL-separated as `git ... -z` prints them. */
export function listedPaths(text: string): string[] {
  const entries = text.includes('\0') ? text.split('\0') : text.split(/\r?\n/);
  return entries.filter((entry) => entry.trim() !== '');
}

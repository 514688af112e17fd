// Turns the user's `definitions` (files, folders, globs) into a sorted list of definition files.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { DefinitionProblem } from './types';

/** Where a workspace keeps its custom definitions unless told otherwise. */
export const WORKSPACE_DEFINITIONS = '.fieldwise/*.yml';

/** The project configuration (service/projectConfig.ts) sits beside the definitions and is never read as one. */
export const PROJECT_CONFIG = '.fieldwise/config.yml';

const DEFINITION_EXTENSIONS = ['.yml', '.yaml'];

export interface DefinitionFiles {
  files: string[];
  problems: DefinitionProblem[];
}

/** The workspace default (`.fieldwise/*.yml`) when that folder holds such a file, else nothing: no custom definitions is not an error. */
export function workspaceDefinitions(workspaceDir: string): string[] {
  const folder = join(workspaceDir, '.fieldwise');
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return [];
  return readdirSync(folder).some((name) => name.endsWith('.yml') && !isProjectConfig(join(folder, name))) ? [WORKSPACE_DEFINITIONS] : [];
}

/** Whether a path is a project configuration file: config.yml directly in a folder named .fieldwise. */
export function isProjectConfig(file: string): boolean {
  const parts = toSlashes(file).split('/');
  return parts.length >= 2 && parts[parts.length - 1] === 'config.yml' && parts[parts.length - 2] === '.fieldwise';
}

/** Expands each entry; an entry that names nothing is a problem, not silently skipped. */
export function resolveDefinitionFiles(entries: readonly string[], cwd: string): DefinitionFiles {
  const files: string[] = [];
  const problems: DefinitionProblem[] = [];
  for (const entry of entries) {
    const found = expandEntry(entry, cwd);
    if (typeof found === 'string') problems.push({ file: entry, path: '', message: found });
    else files.push(...found.filter((file) => !isProjectConfig(file)));
  }
  return { files: [...new Set(files)], problems };
}

function expandEntry(entry: string, cwd: string): string[] | string {
  const absolute = resolve(cwd, entry);
  if (existsSync(absolute)) {
    if (!statSync(absolute).isDirectory()) return [absolute];
    const inFolder = listFiles(absolute, 0).filter(isDefinitionFile);
    return inFolder.length > 0 ? inFolder : `folder holds no .yml or .yaml definition file`;
  }
  const scan = picomatch.scan(toSlashes(entry));
  if (!scan.isGlob) return 'no such file or folder';
  const base = resolve(cwd, scan.base || '.');
  if (!existsSync(base) || !statSync(base).isDirectory()) return `no such folder: ${scan.base}`;
  const depth = scan.glob.includes('**') ? Infinity : scan.glob.split('/').length - 1;
  const matches = picomatch(scan.glob, { dot: true });
  const hits = listFiles(base, depth).filter((file) => matches(toSlashes(relative(base, file))));
  return hits.length > 0 ? hits : 'pattern matches no file';
}

/** Files below `dir`, at most `depth` folders deep, sorted for a stable merge order. */
function listFiles(dir: string, depth: number): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth > 0 && entry.name !== 'node_modules') out.push(...listFiles(path, depth - 1));
    } else if (entry.isFile()) {
      out.push(path);
    }
  }
  return out;
}

function isDefinitionFile(file: string): boolean {
  return DEFINITION_EXTENSIONS.some((ext) => file.endsWith(ext));
}

function toSlashes(path: string): string {
  return path.split(sep).join('/');
}

/** The built-in definition files: every .yml/.yaml directly in schema/fieldsets, sorted. */
export function builtinDefinitionFiles(fieldsetsDir: string): string[] {
  return listFiles(fieldsetsDir, 0).filter(isDefinitionFile);
}

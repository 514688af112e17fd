// The project configuration, `.fieldwise/config.yml`: what decides findings (each kind's globs, codes switched off,
// severities, dotted keys, custom definitions), written once for the editor and `fieldwise check` alike. Its keys are
// the `fieldwise.*` settings without the prefix, validated with ajv against schema/config.schema.json; a glob setting
// must be one a kind (or console text) has. service/settings.ts lays it over the defaults, and editor settings over it.
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { builtinSchemaDir, DefinitionError, DefinitionProblem, PROJECT_CONFIG } from '../catalog';
import { definitionValidator, validateSource } from '../catalog/validate';
import { parseYamlSource } from '../catalog/yamlSource';
import type { DisableEntry } from '../features/settings';
import type { Severity } from '../features/types';
import { fileGlobDefaults } from '../kinds/registry';
import { CONSOLE_SETTING } from './consoleDocument';

export { PROJECT_CONFIG } from '../catalog';

const SCHEMA_FILE = 'config.schema.json';

/** A project configuration as written: every key optional (what is not written stays as the defaults have it). */
export interface ProjectConfig {
  /** The file it was read from. */
  file: string;
  files?: Record<string, string[]>;
  events?: { allowDottedKeys?: boolean | string[] };
  diagnostics?: {
    severity?: Record<string, Severity | 'off'>;
    disable?: Array<string | { codes?: string[]; files?: string | string[] }>;
  };
  schema?: { definitions?: string[] };
}

export type ProjectConfigLoad = { ok: true; config?: ProjectConfig } | { ok: false; message: string };

/**
 * The configuration of the project in `folder` (its `.fieldwise/config.yml`; none is not an error), or of `file`
 * when one is named (relative to `folder`; it must exist). Problems name the file, line and key.
 */
export function readProjectConfig(folder: string, file?: string): ProjectConfigLoad {
  const path = file === undefined ? join(folder, PROJECT_CONFIG) : resolve(folder, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (file === undefined && (code === 'ENOENT' || code === 'ENOTDIR')) return { ok: true };
    return { ok: false, message: `the project configuration ${path} cannot be read: ${(error as Error).message}` };
  }
  const problems = configProblems(path, text);
  if (problems.problems.length > 0) {
    return { ok: false, message: `the project configuration has problems:\n${new DefinitionError(problems.problems).message}` };
  }
  return { ok: true, config: { ...problems.value, file: path } };
}

function configProblems(file: string, text: string): { problems: DefinitionProblem[]; value?: Omit<ProjectConfig, 'file'> } {
  const parsed = parseYamlSource(file, text);
  if (!parsed.ok) return { problems: parsed.problems };
  // An empty file (or one of comments only) configures nothing.
  const value = parsed.source.value ?? {};
  const source = { ...parsed.source, value };
  const validate = definitionValidator(join(builtinSchemaDir(), SCHEMA_FILE));
  const problems = validateSource(validate, source);
  if (problems.length > 0) return { problems };
  const config = value as Omit<ProjectConfig, 'file'>;
  const settings = [...Object.keys(fileGlobDefaults()), CONSOLE_SETTING];
  for (const name of Object.keys(config.files ?? {})) {
    if (!settings.includes(name)) {
      const pointer = `/files/${name}`;
      problems.push({ file, line: source.lineOf(pointer), path: pointer, message: `no kind's files are set by '${name}'; the settings are: ${settings.join(', ')}` });
    }
  }
  // The file comes with the repository, trusted or not: it may not make the editor read files outside the project.
  (config.schema?.definitions ?? []).forEach((entry, i) => {
    if (isAbsolute(entry) || /^[A-Za-z]:/.test(entry) || entry.split(/[\\/]/).includes('..')) {
      const pointer = `/schema/definitions/${i}`;
      problems.push({ file, line: source.lineOf(pointer), path: pointer, message: `'${entry}' is outside the project: a project configuration names definitions inside its project (fieldwise.schema.definitions in your own settings, or --definitions, may name others)` });
    }
  });
  return { problems, value: config };
}

/** A written disable entry in the settings' shape (files as a list, every field present). */
export function disableEntry(entry: string | { codes?: string[]; files?: string | string[] }): string | DisableEntry {
  if (typeof entry === 'string') return entry;
  return { codes: entry.codes ?? [], files: typeof entry.files === 'string' ? [entry.files] : entry.files ?? [] };
}

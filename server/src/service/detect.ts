// What a file is, decided once for the editor and the command line alike: by path first (the console globs, then each
// kind's `fieldwise.files.*` globs in the registry's order), then by content (each kind's recognition in the same
// order). The registry of kinds (kinds/registry.ts) and of formats (document/syntaxes/registry.ts) are the only lists.
import { readdirSync, Stats, statSync } from 'node:fs';
import { isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import type { Catalog } from '../catalog/types';
import { looksLikeConsole, splitConsole } from '../document/console';
import { fileType, FileType, KindDocument } from '../document/fileType';
import type { DocumentFormat } from '../document/model';
import type { ParsedValue } from '../document/syntaxes/json/jsonValue';
import { formatFromLanguage, formatFromName, modelFormatOf } from '../document/syntaxes/registry';
import type { FeatureEnv } from '../features/env';
import { FeatureCaches } from '../features/featureCaches';
import { dottedKeysAllowed, matchesAny } from '../features/fileSettings';
import type { ContentProbe } from '../kinds/kind';
import { kinds } from '../kinds/registry';
import { CONSOLE_LANGUAGES, kindForRequest } from './consoleDocument';
import type { FieldwiseSettings } from './settings';

export { formatFromName, guessFormat } from '../document/syntaxes/registry';
export { kinds } from '../kinds/registry';

/** What detection found: the type, and what recognition parsed on the way (for the parse that follows). */
export interface Detection {
  type: FileType;
  /** The document, when recognition parsed it as the kind does. */
  doc?: KindDocument;
  /** The text parsed whole, when recognition did so. */
  whole?: ParsedValue;
}

export interface DetectOptions {
  languageId?: string;
  /** The file is checked next: recognition may prepare that check (ContentProbe.checkNext). */
  checkNext: boolean;
}

/**
 * What a file is, or undefined when Fieldwise leaves it alone. `envOf` gives the features' environment recognition
 * reads (the catalog; a kind's state kept between versions).
 */
export function detect(
  file: string, text: string, settings: FieldwiseSettings, envOf: (format: DocumentFormat) => FeatureEnv, options: DetectOptions,
): Detection | undefined {
  const { languageId } = options;
  if (matchesAny(settings.files.console ?? [], file) || (languageId !== undefined && CONSOLE_LANGUAGES.includes(languageId))) {
    const type = consoleType(text);
    return type && { type };
  }
  const format = formatFromName(file) ?? formatFromLanguage(languageId);
  if (!format || isPipelineTestInput(file)) return undefined;
  const probe = new Probe(file, text, format, options.checkNext);
  for (const kind of kinds) {
    if (!kind.formats.includes(format) || !matchesAny(settings.files[kind.files.setting] ?? [], file)) continue;
    if (kind.claims && !kind.claims(probe)) continue;
    return { type: fileType(kind.name, format) };
  }
  const env = envOf(format);
  for (const kind of kinds) {
    if (!kind.formats.includes(format)) continue;
    const found = kind.recognise(probe, env);
    if (found) return { type: fileType(kind.name, format), doc: found === true ? undefined : found, whole: probe.parsed };
  }
  return undefined;
}

/** What a file is, for callers without a service: recognition keeps nothing between calls. */
export function fileTypeOf(file: string, text: string, settings: FieldwiseSettings, catalog: Catalog, languageId?: string): FileType | undefined {
  const envOf = (format: DocumentFormat): FeatureEnv => ({
    catalog, format, settings, file, dottedKeys: dottedKeysAllowed(settings, file), caches: new FeatureCaches(),
  });
  return detect(file, text, settings, envOf, { languageId, checkNext: false })?.type;
}

/** Whether the editor would read a file by its name, language or globs alone (its size is checked before its content). */
export function readableByName(settings: FieldwiseSettings, file: string, languageId: string): boolean {
  return (formatFromName(file) ?? formatFromLanguage(languageId)) !== undefined || kinds.some((k) => matchesAny(settings.files[k.files.setting] ?? [], file));
}

class Probe implements ContentProbe {
  parsed: ParsedValue | undefined;

  constructor(readonly file: string, readonly text: string, readonly format: DocumentFormat, readonly checkNext: boolean) {}

  whole(): ParsedValue {
    return (this.parsed ??= modelFormatOf(this.format).syntax.parse(this.text));
  }
}

const TEST_INPUT = /(?:^|\/)_dev\/test\/pipeline\/test-[^/]*\.(?:json|ya?ml)$/;

/** An integration package's pipeline test input: the pipeline's raw input, not events (its `-expected.json` output is). */
function isPipelineTestInput(file: string): boolean {
  return TEST_INPUT.test(file.replace(/\\/g, '/')) && !file.endsWith('-expected.json');
}

/** Console text that sends a request some kind reads; its kind is the first such request's (the service reads them all). */
function consoleType(text: string): FileType | undefined {
  if (!looksLikeConsole(text)) return undefined;
  for (const request of splitConsole(text)) {
    const kind = request.body && kindForRequest(request);
    if (kind) return fileType(kind.name, 'json', true);
  }
  return undefined;
}

// ---------------------------------------------------------------- the command line's paths

export interface Candidate {
  /** The path to read. */
  path: string;
  /** The path as the user should see it: as given, or joined to the folder or glob base that was given. */
  display: string;
  /** Named on the command line (always checked); false when found in a folder or by a glob (detection decides). */
  named: boolean;
  /** The path fieldwise.files.events and other globs are matched against: below the current folder, else below the folder given. */
  globPath: string;
}

export interface Expansion {
  candidates: Candidate[];
  /** Arguments that name nothing: a missing path, a glob that matches no file. */
  missing: string[];
}

const GLOB_CHARS = /[*?[\]{}()!]/;

/** Folders never searched: dependencies and hidden folders (.git, .vscode, ...). */
function skippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * Expands command-line paths: files as they are, folders to their JSON/YAML files and the files the console globs
 * match (Dev Tools text such as `requests.console`), globs to the files they match.
 */
export function expandPaths(args: readonly string[], cwd: string, consoleGlobs: readonly string[] = []): Expansion {
  const candidates: Candidate[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  const add = (candidate: Candidate): void => {
    const key = resolve(cwd, candidate.path);
    if (seen.has(key)) return;
    seen.add(key);
    candidates.push(candidate);
  };
  for (const arg of args) {
    const stats = statOf(resolve(cwd, arg));
    if (stats?.isDirectory()) {
      const root = resolve(cwd, arg);
      for (const file of walk(root, cwd, consoleGlobs)) add({ path: file, display: displayUnder(arg, root, file), named: false, globPath: globPathOf(cwd, root, file) });
    } else if (stats || !GLOB_CHARS.test(arg)) {
      const path = resolve(cwd, arg);
      add({ path, display: arg, named: true, globPath: globPathOf(cwd, cwd, path) });
    } else {
      const matched = globFiles(arg, cwd, consoleGlobs);
      if (matched.length === 0) missing.push(arg);
      matched.forEach((c) => add(c));
    }
  }
  return { candidates, missing };
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Every JSON/YAML file and console file under a folder, sorted, skipping node_modules and dot folders. */
function walk(root: string, cwd: string, consoleGlobs: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skippedFolder(entry.name)) visit(path);
      } else if ((formatFromName(entry.name) || matchesAny(consoleGlobs, globPathOf(cwd, root, path))) && (entry.isFile() || statOf(path)?.isFile())) {
        out.push(path);
      }
    }
  };
  visit(root);
  return out;
}

/**
 * A path for glob matching: relative to the current folder when below it, else relative to `root` (a folder given),
 * else (a file named outside the current folder) the whole path without its root, so that `**` globs still see
 * every folder name: `..` segments match no glob.
 */
function globPathOf(cwd: string, root: string, file: string): string {
  const fromCwd = relative(cwd, file);
  if (!fromCwd.startsWith('..') && fromCwd !== '' && !isAbsolute(fromCwd)) return fromCwd.split(sep).join('/');
  const fromRoot = relative(root, file);
  const path = fromRoot !== '' && !fromRoot.startsWith('..') && !isAbsolute(fromRoot) ? fromRoot : file.slice(parse(file).root.length);
  return path.split(sep).join('/');
}

/** A found file shown as the folder argument joined with its path below that folder. */
function displayUnder(arg: string, root: string, file: string): string {
  const below = relative(root, file).split(sep).join('/');
  const base = arg.replace(/[\\/]+$/, '');
  return base === '' || base === '.' ? below : `${base}/${below}`;
}

function globFiles(glob: string, cwd: string, consoleGlobs: readonly string[]): Candidate[] {
  const pattern = glob.replace(/\\/g, '/');
  const scan = picomatch.scan(pattern);
  const base = scan.base === '' ? '.' : scan.base;
  const root = resolve(cwd, base);
  if (!statOf(root)?.isDirectory()) return [];
  const test = picomatch(scan.glob, { dot: false });
  return walk(root, cwd, consoleGlobs)
    .map((file) => ({ file, below: relative(root, file).split(sep).join('/') }))
    .filter(({ below }) => test(below))
    .map(({ file, below }) => ({ path: file, display: base === '.' ? below : `${base}/${below}`, named: false, globPath: globPathOf(cwd, root, file) }));
}
